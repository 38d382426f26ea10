import { sepaGenerateBodySchema, sepaPreviewQuerySchema } from '@gdf/domain';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { cancelSepaBatch, sepaBatchFile, sepaBatches } from './sepa-batches.service';
import { generateSepa, previewSepa, sepaCalendar, type SepaDependencies } from './sepa.service';

const batchesQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'limite invalide')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 200, 'limite invalide (1 à 200)')
    .optional(),
});

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

  app.get('/api/exports/sepa/batches', route('Fichiers SEPA déjà générés'), async (request) => {
    const { limit } = parseInput(batchesQuery, request.query);
    return sepaBatches(deps, await resolveScope(request, deps.database), limit ?? 50);
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
