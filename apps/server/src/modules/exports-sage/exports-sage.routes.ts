import { Readable } from 'node:stream';
import { exportQuerySchema } from '@gdf/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { openApiSchema } from '../../lib/core-api-route';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../scope/scope';
import { exportFile, previewExport } from './exports-sage.service';

/**
 * The SAGE / FEC accounting exports (issue 8), from the current structure's point of view.
 * Input is parsed before the permission check, so bad input is a 400 for everyone.
 */
export function registerExportsSageRoutes(app: FastifyInstance, database: Database): void {
  const schema = (summary: string) => ({
    summary,
    tags: ['Exports comptables'],
    querystring: openApiSchema(exportQuerySchema),
  });
  const options = (summary: string) => ({
    config: { auth: 'user' as const },
    schema: schema(summary),
    validatorCompiler: () => () => true,
  });

  app.get('/api/exports/sage/preview', options('Aperçu des écritures SAGE de la période'), async (request) => {
    const query = parseInput(exportQuerySchema, request.query);
    return previewExport(database, await resolveScope(request, database), query);
  });

  const download = (kind: 'sage' | 'fec') => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = parseInput(exportQuerySchema, request.query);
    const file = await exportFile(database, await resolveScope(request, database), kind, query);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-flux-non-mappes', String(file.unmappedCount))
      .header('cache-control', 'private, no-store')
      .send(Readable.from(file.body, { objectMode: false }));
  };
  app.get('/api/exports/sage', options('Fichier d’import Sage 100 (PNM ou CSV)'), download('sage'));
  app.get('/api/exports/fec', options('Fichier des écritures comptables (FEC)'), download('fec'));
}
