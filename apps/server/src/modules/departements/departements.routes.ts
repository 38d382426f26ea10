import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { coreApiRoute, openApiSchema } from '../../lib/core-api-route';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { departementResponseSchema } from './departement-response';
import { departementById } from './departements.service';

export function registerDepartementsRoutes(app: FastifyInstance, database: Database): void {
  app.get(
    '/api/departements/:id',
    coreApiRoute({
      summary: 'Un département avec sa ligue et son comité',
      description: 'Données de référence (géographie fédérale), lisibles par tout utilisateur connecté.',
      tags: ['Adresses'],
      params: openApiSchema(idParams),
      response: { 200: departementResponseSchema },
    }),
    async (request) => departementById(database, parseInput(idParams, request.params).id),
  );
}
