import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { coreApiRoute, openApiSchema } from '../../lib/core-api-route';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { structureRibs } from './structure-ribs.service';

const nullableString = { type: 'string', nullable: true } as const;

const ribResponseSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    ID_Structure: { type: 'integer' },
    IBAN: { type: 'string', description: 'Masqué sauf les 4 derniers caractères, hors rôles habilités' },
    IBANMasque: { type: 'boolean' },
    BIC: nullableString,
    Titulaire: { type: 'string' },
    Banque: nullableString,
    MandatRUM: nullableString,
    MandatDateSignature: { type: 'string', format: 'date', nullable: true },
    EST_Valide: { type: 'boolean' },
    ibanValide: { type: 'boolean', description: 'IBAN valide (ibantools)' },
  },
  required: ['id', 'ID_Structure', 'IBAN', 'IBANMasque', 'Titulaire', 'EST_Valide', 'ibanValide'],
} as const;

export function registerStructureRibsRoutes(app: FastifyInstance, database: Database): void {
  app.get(
    '/api/structure_ribs/structure/:id',
    coreApiRoute({
      summary: 'RIB d’une structure',
      description:
        'Ceux du siège (1318) sont lisibles par tout utilisateur connecté, IBAN masqué hors rôles habilités.',
      tags: ['Structures'],
      params: openApiSchema(idParams),
      response: { 200: { type: 'array', items: ribResponseSchema } },
    }),
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      return structureRibs(database, await resolveScope(request, database), id);
    },
  );
}
