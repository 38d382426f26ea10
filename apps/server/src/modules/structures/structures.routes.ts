import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { coreApiRoute, openApiSchema } from '../../lib/core-api-route';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { documentResponseSchema } from '../files/files.service';
import { structureAvatar } from './structures.service';

export function registerStructuresRoutes(app: FastifyInstance, database: Database): void {
  app.get(
    '/api/structures/:id/avatar',
    coreApiRoute({
      summary: 'Avatar (logo) d’une structure',
      description:
        'Le document avatar_structure le plus récent ; 404 s’il n’y en a pas ou si la structure est hors de portée.',
      tags: ['Structures'],
      params: openApiSchema(idParams),
      response: { 200: documentResponseSchema },
    }),
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      return structureAvatar(database, await resolveScope(request, database), id);
    },
  );
}
