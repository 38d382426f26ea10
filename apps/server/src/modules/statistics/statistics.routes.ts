import {
  STATISTICS_EXPORT_PATH,
  STATISTICS_PATH,
  STATISTICS_TERRITORY_PATH,
  parisToday,
  statisticsFileName,
  statisticsQuerySchema,
  statisticsSheets,
  territoryQuerySchema,
} from '@gdf/domain';
import { toXlsxSheets } from '@gdf/file-formats';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { createStatisticsService } from './statistics.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 'Etats statistiques' (R-STAT-01 to R-STAT-09): the figures as JSON, and the same figures as an
 * xlsx workbook, one worksheet per table. Input parsed first, then scope and grant.
 */
export function registerStatisticsRoutes(
  app: FastifyInstance,
  database: Database,
  service = createStatisticsService(database),
): void {
  app.get(STATISTICS_PATH, { config: { auth: 'user' } }, async (request, reply) => {
    const query = parseInput(statisticsQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    const figures = await service.read(scope, query);
    reply.header('cache-control', 'private, no-store');
    return figures;
  });

  app.get(STATISTICS_TERRITORY_PATH, { config: { auth: 'user' } }, async (request, reply) => {
    const query = parseInput(territoryQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    const territory = await service.territory(scope, query);
    reply.header('cache-control', 'private, no-store');
    return territory;
  });

  app.get(STATISTICS_EXPORT_PATH, { config: { auth: 'user' } }, async (request, reply) => {
    const query = parseInput(statisticsQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    const figures = await service.read(scope, query);
    const upTo = parisToday(new Date(figures.aJourAu));
    const parts = await toXlsxSheets(statisticsSheets(figures, upTo));
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${statisticsFileName(figures.filtres.saison, upTo)}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.concat(parts));
  });
}
