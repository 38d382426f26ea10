import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { createStructureSituationService } from './structure-situation.service';

/**
 * GET /api/structures/:id/situation: a structure's page ('Situation de la structure'), read
 * under the flux module within the flux search's structure scope; out of scope is "not found".
 */
export function registerStructureSituationRoutes(
  app: FastifyInstance,
  database: Database,
  service = createStructureSituationService(database),
): void {
  app.get('/api/structures/:id/situation', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const scope = await resolveScope(request, database);
    reply.header('cache-control', 'private, no-store');
    return service.situation(scope, id);
  });
}
