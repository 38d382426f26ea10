import { relaunchSelectionRequestSchema, SEPA_RETURN_MAX_BYTES } from '@gdf/domain';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Database } from '../../db/database';
import { z } from 'zod';
import { badRequest } from '../../lib/http-errors';
import { parseInput } from '../../lib/validation';
import { uploadedFileName } from '../../lib/uploaded-file-name';
import { resolveScope } from '../../plugins/scope';
import type { IssuanceSettings } from '../flux-documents/flux-documents.service';
import { relaunchSelection } from '../flux/flux-relaunch.service';
import { importReturnFile, previewReturnFile, type ReturnFile } from './sepa-returns.service';

const SEPA_RETURNS_URL = '/api/exports/sepa/retours';
/** The file's name travels URL-encoded in this header (the body is the file itself). */
const FILE_NAME_HEADER = 'x-file-name';
const XML_TYPES = ['application/xml', 'text/xml', 'application/octet-stream'];

/** R-RET-05: `confirmerAnomalies=true` applies the returns that do not fit their debit too. */
const importQuery = z.object({ confirmerAnomalies: z.enum(['true', 'false']).optional() });

const route = (summary: string, event: string | false): RouteShorthandOptions => ({
  config: { auth: 'user', event },
  // A little room over the parser's own limit, which answers with the French message.
  bodyLimit: SEPA_RETURN_MAX_BYTES + 64 * 1024,
  schema: {
    summary,
    description:
      'Corps : le fichier XML lui-même (pain.002.001.03/.10 ou camt.054.001.02/.04/.08, 5 Mo au maximum), ' +
      'Content-Type application/xml ; nom du fichier dans X-File-Name (encodé URL).',
    tags: ['Exports SEPA'],
  },
});

/**
 * Bank reports of rejected and returned direct debits (R-RET-01 to R-RET-05), module
 * export__sepa, and the relaunch of their rejected flux (R-RET-06, the relaunch grant).
 */
export async function registerSepaReturnRoutes(
  app: FastifyInstance,
  database: Database,
  issuance: IssuanceSettings,
): Promise<void> {
  app.post(
    `${SEPA_RETURNS_URL}/relance`,
    {
      config: { auth: 'user', event: 'retours_sepa.relance' },
      schema: {
        summary: 'Relance les flux rejetés choisis (un nouveau prélèvement par flux, une seule transaction)',
        tags: ['Exports SEPA'],
      },
    },
    async (request) => {
      const { ids } = parseInput(relaunchSelectionRequestSchema, request.body);
      return relaunchSelection(database, await resolveScope(request, database), issuance, ids);
    },
  );

  // Encapsulated: the raw XML body parser applies to these routes only.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(XML_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scoped.post(
      `${SEPA_RETURNS_URL}/preview`,
      route('Aperçu d’un retour bancaire (rejets SEPA)', false),
      async (request) => previewReturnFile(database, await resolveScope(request, database), returnFile(request)),
    );

    scoped.post(
      SEPA_RETURNS_URL,
      route('Importe un retour bancaire (rejets SEPA)', 'retours_sepa.import'),
      async (request) => {
        const { confirmerAnomalies } = parseInput(importQuery, request.query);
        return importReturnFile(database, await resolveScope(request, database), returnFile(request), {
          confirmAnomalies: confirmerAnomalies === 'true',
        });
      },
    );
  });
}

function returnFile(request: FastifyRequest): ReturnFile {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
    throw badRequest('Requête invalide : le fichier XML est attendu dans le corps (Content-Type application/xml).');
  }
  return { fileName: uploadedFileName(request.headers[FILE_NAME_HEADER], 'retour-bancaire.xml'), bytes: request.body };
}
