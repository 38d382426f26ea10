import { fluxDocumentParamsSchema, fluxDocumentQuerySchema, type FluxDocumentKind } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../scope/scope';
import { createFluxDocumentsService, type FluxDocumentsSettings } from './flux-documents.service';

const KINDS: readonly FluxDocumentKind[] = ['facture', 'releve'];

/**
 * GET /api/flux/:id/facture.pdf and /releve.pdf. `allowQueryToken`: the web app opens them
 * in a new tab or an <iframe>, which cannot send an Authorization header.
 */
export function registerFluxDocumentRoutes(
  app: FastifyInstance,
  database: Database,
  settings: FluxDocumentsSettings,
): void {
  const service = createFluxDocumentsService(database, settings);
  for (const kind of KINDS) {
    app.get(
      `/api/flux/:id/${kind}.pdf`,
      { config: { auth: 'user', allowQueryToken: true } },
      async (request, reply) => {
        const { id } = parseInput(fluxDocumentParamsSchema, request.params);
        const { download } = parseInput(fluxDocumentQuerySchema, request.query);
        const scope = await resolveScope(request, database);
        const { fileName, pdf } = await service.render(scope, kind, id);
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${fileName}"`)
            // The URL may carry the token: never let a shared cache keep the document.
            .header('cache-control', 'private, no-store')
            .send(pdf)
        );
      },
    );
  }
}
