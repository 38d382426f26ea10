import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { coreApiRoute, openApiSchema } from '../../lib/core-api-route';
import { seasonPath, structurePath } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { countStructureLicences } from './licences.service';

const licenceCountSchema = z.object({ season: seasonPath, structure: structurePath });

export function registerLicencesRoutes(app: FastifyInstance, database: Database): void {
  app.post(
    '/api/licences/structure/count',
    coreApiRoute({
      summary: 'Nombre de licences d’une structure sur une saison',
      event: false,
      description: 'Références en chemins de ressource : "/api/saisons/2022", "/api/structures/42".',
      tags: ['Licences'],
      body: openApiSchema(licenceCountSchema),
      response: { 200: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] } },
    }),
    async (request) => {
      const { season, structure } = parseInput(licenceCountSchema, request.body);
      return countStructureLicences(database, await resolveScope(request, database), structure, season);
    },
  );
}
