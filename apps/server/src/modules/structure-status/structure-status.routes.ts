import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { coreApiRoute, openApiSchema } from '../../lib/core-api-route';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { structureStatus } from './structure-status.service';

const statusResponseSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    NomStructure: { type: 'string' },
    ID_TypeStructure: { type: 'integer' },
    EST_Bloquee: { type: 'boolean' },
    affiliated: { type: 'boolean', description: 'Affiliée sur au moins une saison' },
    affiliatedCurrentSeason: { type: 'boolean', description: 'Affiliée sur la saison en cours' },
  },
  required: ['id', 'NomStructure', 'ID_TypeStructure', 'EST_Bloquee', 'affiliated', 'affiliatedCurrentSeason'],
} as const;

export function registerStructureStatusRoutes(app: FastifyInstance, database: Database): void {
  app.get(
    '/api/structures/:id/status',
    coreApiRoute({
      summary: 'État d’une structure pour les cartes du tableau de bord',
      description:
        'Bloquée, affiliée (au moins une saison) et affiliée sur la saison en cours ; 404 si la structure est inconnue ou hors de portée. ' +
        'La structure courante se choisit par l’en-tête X-Structure-Id ou le paramètre structureId.',
      tags: ['Structures'],
      params: openApiSchema(idParams),
      response: { 200: statusResponseSchema },
    }),
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      return structureStatus(database, await resolveScope(request, database), id);
    },
  );
}
