import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { coreApiRoute, openApiSchema } from '../../lib/core-api-route';
import { notFound } from '../../lib/http-errors';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { departementResponseSchema, findDepartementById } from './departement.repository';

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
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      const departement = await findDepartementById(database, id);
      if (!departement) throw notFound('Département introuvable');
      return departement;
    },
  );
}
