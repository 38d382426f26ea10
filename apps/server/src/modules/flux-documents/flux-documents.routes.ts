import { fluxDocumentParamsSchema, fluxDocumentQuerySchema, type FluxDocumentKind } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { unboundedHeavyWork } from '../../lib/heavy-work/heavy-work';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { createFluxDocumentsService, type FluxDocumentsSettings } from './flux-documents.service';

const KINDS: readonly FluxDocumentKind[] = ['facture', 'releve'];

/**
 * GET /api/flux/:id/facture.pdf and /releve.pdf, with the bearer header like every route: the
 * web app fetches the bytes and shows them from a blob: URL, so no token is ever in a URL. The
 * first download stores the document; every later one returns those bytes (R-DOC-02).
 */
export function registerFluxDocumentRoutes(
  app: FastifyInstance,
  database: Database,
  settings: FluxDocumentsSettings,
): void {
  const service = createFluxDocumentsService(database, settings);
  for (const kind of KINDS) {
    app.get(`/api/flux/:id/${kind}.pdf`, { config: { auth: 'user' } }, async (request, reply) => {
      const { id } = parseInput(fluxDocumentParamsSchema, request.params);
      const { download } = parseInput(fluxDocumentQuerySchema, request.query);
      const scope = await resolveScope(request, database);
      // A first download renders: it takes its turn among the process's heavy requests (R-OPS-09).
      const owner = { userId: scope.actor.userId, structureId: scope.currentStructureId };
      const { fileName, sha256, size, body } = await (settings.heavyWork ?? unboundedHeavyWork).run(owner, () =>
        service.download(scope, kind, id),
      );
      return (
        reply
          .type('application/pdf')
          .header('content-length', size)
          // The stored document's checksum (also in its audit rows): the same at every download.
          .header('x-document-sha256', sha256)
          .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${fileName}"`)
          // A personal document: never kept by a shared cache.
          .header('cache-control', 'private, no-store')
          .send(body)
      );
    });
  }

  // R-FACT-15: the Factur-X XML alone, for platforms that take it without its PDF.
  app.get('/api/flux/:id/facture.xml', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(fluxDocumentParamsSchema, request.params);
    const { download } = parseInput(fluxDocumentQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    const { fileName, sha256, size, body } = await service.downloadXml(scope, id);
    return reply
      .type('text/xml; charset=utf-8')
      .header('content-length', size)
      .header('x-document-sha256', sha256)
      .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
