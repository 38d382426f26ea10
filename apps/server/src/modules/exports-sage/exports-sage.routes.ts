import { exportQuerySchema, fecQuerySchema, fiscalYearIdParamsSchema, ModuleSlug, parisToday } from '@gdf/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/database';
import { openApiSchema } from '../../lib/core-api-route';
import { parseInput } from '../../lib/validation';
import { requireModule } from '../scope/scope';
import { resolveScope } from '../../plugins/scope';
import { listExportHistory, openRecordedFile, unzipChecked } from './export-history';
import { exportFecFile, exportSageFile, previewExport, type ExportFile } from './exports-sage.service';

/**
 * The SAGE / FEC accounting exports (R-LEDG-02 to R-LEDG-04, R-LEDG-10, R-LEDG-11), from the current structure's point
 * of view, and the history of the files produced. Input is parsed before the permission
 * check, so bad input is a 400 for everyone.
 */
export function registerExportsSageRoutes(
  app: FastifyInstance,
  database: Database,
  now: () => Date = () => new Date(),
): void {
  const today = () => parisToday(now());
  const options = (summary: string, extra: object = {}) => ({
    config: { auth: 'user' as const },
    schema: { summary, tags: ['Exports comptables'], ...extra },
    validatorCompiler: () => () => true,
  });
  const rangeQuery = { querystring: openApiSchema(exportQuerySchema) };

  app.get(
    '/api/exports/sage/preview',
    options('Aperçu des écritures SAGE de la période', rangeQuery),
    async (request) => {
      const query = parseInput(exportQuerySchema, request.query);
      return previewExport(database, await resolveScope(request, database), query, today());
    },
  );

  const send = (reply: FastifyReply, file: ExportFile) =>
    reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('content-length', String(file.size))
      .header('x-flux-non-mappes', String(file.unmappedCount))
      .header('x-export-valide', file.valid ? 'oui' : 'non')
      .header('x-export-sha256', file.sha256)
      .header('cache-control', 'private, no-store')
      .send(unzipChecked(file.gzip, file.sha256));

  app.get(
    '/api/exports/sage',
    options('Fichier d’import Sage 100 (PNM ou CSV)', rangeQuery),
    async (request, reply) => {
      const query = parseInput(exportQuerySchema, request.query);
      return send(reply, await exportSageFile(database, await resolveScope(request, database), query, today()));
    },
  );
  app.get(
    '/api/exports/fec',
    options('Fichier des écritures comptables (FEC) d’un exercice', { querystring: openApiSchema(fecQuerySchema) }),
    async (request, reply) => {
      const query = parseInput(fecQuerySchema, request.query);
      return send(reply, await exportFecFile(database, await resolveScope(request, database), query, today()));
    },
  );

  app.get('/api/exports/sage/historique', options('Fichiers comptables produits'), async (request) => {
    const scope = await resolveScope(request, database);
    requireModule(scope, ModuleSlug.ExportSage);
    return { fichiers: await listExportHistory(database, scope.currentStructureId) };
  });
  app.get(
    '/api/exports/sage/historique/:id/fichier',
    options('Télécharger à nouveau un fichier produit', { params: openApiSchema(fiscalYearIdParamsSchema) }),
    async (request, reply) => {
      const { id } = parseInput(fiscalYearIdParamsSchema, request.params);
      const scope = await resolveScope(request, database);
      requireModule(scope, ModuleSlug.ExportSage);
      const file = await openRecordedFile(database, scope.currentStructureId, id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('content-length', String(file.size))
        .header('x-export-sha256', file.sha256)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
