import {
  SEPA_BATCHES_TOTAL_HEADER,
  sepaBatchPage,
  sepaBatchesQuerySchema,
  sepaGenerateBodySchema,
  sepaPreviewQuerySchema,
} from '@gdf/domain';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, RouteShorthandOptions } from 'fastify';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { cancelSepaBatch, sepaBatchFile, sepaBatches } from './sepa-batches.service';
import { generateSepa, previewSepa, sepaCalendar, type SepaDependencies } from './sepa.service';

/** Input is parsed with zod in each handler (French 400 messages), as the core routes do. */
const route = (summary: string, event?: string): RouteShorthandOptions => ({
  config: { auth: 'user', ...(event ? { event } : {}) },
  schema: { summary, tags: ['Exports SEPA'] },
});

function sendXml(reply: FastifyReply, fileName: string, body: string | Buffer | Readable) {
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** JSON only when asked for it and not for XML; any other client gets the file itself. */
function wantsJson(accept: string | undefined): boolean {
  return /application\/json/.test(accept ?? '') && !/application\/xml/.test(accept ?? '');
}

/** SEPA direct-debit files (pain.008) of the export files page: module export__sepa. */
export function registerSepaRoutes(app: FastifyInstance, deps: SepaDependencies): void {
  app.get(
    '/api/exports/sepa/calendar',
    route('Calendrier TARGET : première date d’échéance possible'),
    async (request) => sepaCalendar(deps, await resolveScope(request, deps.database)),
  );

  app.get('/api/exports/sepa/prelevements/preview', route('Aperçu des prélèvements SEPA'), async (request) => {
    const query = parseInput(sepaPreviewQuerySchema, request.query);
    return previewSepa(deps, await resolveScope(request, deps.database), query);
  });

  app.post(
    '/api/exports/sepa/prelevements',
    route('Génère un fichier de prélèvements SEPA', 'sepa.generation'),
    async (request, reply) => {
      const body = parseInput(sepaGenerateBodySchema, request.body);
      const file = await generateSepa(deps, await resolveScope(request, deps.database), body);
      // The web page asks for JSON: the file and the structures left out of it, with why.
      if (wantsJson(request.headers.accept)) return file;
      return sendXml(
        reply
          .header('x-sepa-batch-id', String(file.batchId))
          .header('x-sepa-excluded-count', String(file.exclues.length)),
        file.fileName,
        file.xml,
      );
    },
  );

  // R-UI-20: a page of them, sorted; their count in a header, the page's batches as the body.
  app.get('/api/exports/sepa/batches', route('Fichiers SEPA déjà générés'), async (request, reply) => {
    const page = sepaBatchPage(parseInput(sepaBatchesQuerySchema, request.query));
    const { batches, total } = await sepaBatches(deps, await resolveScope(request, deps.database), page);
    return reply.header(SEPA_BATCHES_TOTAL_HEADER, total).send(batches);
  });

  app.get(
    '/api/exports/sepa/batches/:id/file',
    route('Télécharge un fichier SEPA déjà généré'),
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const file = await sepaBatchFile(deps, await resolveScope(request, deps.database), id);
      return sendXml(reply.header('content-length', file.size), file.fileName, file.body);
    },
  );

  app.post(
    '/api/exports/sepa/batches/:id/cancel',
    route(
      'Annule un lot SEPA pas encore traité par la banque (ses flux reviennent au prochain fichier)',
      'sepa.annulation_lot',
    ),
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      return cancelSepaBatch(deps, await resolveScope(request, deps.database), id);
    },
  );
}
