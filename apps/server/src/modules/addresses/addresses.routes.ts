import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { coreApiRoute, openApiSchema } from '../../lib/core-api-route';
import { databaseId } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { departementResponseSchema } from '../departements/departements.service';
import { departementOfPostalCode, departementOfStructure } from './addresses.service';

/** A string, so leading zeros (01000) survive. */
const zipcodeSchema = z.object({ zipcode: z.string().regex(/^\s*\d{5}\s*$/, 'doit être un code postal à 5 chiffres') });
const structureDepartmentSchema = z.object({ structureId: databaseId });
const TAGS = ['Adresses'];

export function registerAddressesRoutes(app: FastifyInstance, database: Database): void {
  app.post(
    '/api/addresses/zipcode/ct_ligue',
    coreApiRoute({
      summary: 'Comité et ligue d’un code postal',
      event: false,
      description: 'Le département se déduit du code postal (2A/2B en Corse, 3 chiffres outre-mer).',
      tags: TAGS,
      body: openApiSchema(zipcodeSchema),
      response: { 200: departementResponseSchema },
    }),
    async (request) => departementOfPostalCode(database, parseInput(zipcodeSchema, request.body).zipcode),
  );

  app.post(
    '/api/addresses/structure/department',
    coreApiRoute({
      summary: 'Département d’une structure (d’après le code postal de son adresse)',
      event: false,
      tags: TAGS,
      body: openApiSchema(structureDepartmentSchema),
      response: { 200: departementResponseSchema },
    }),
    async (request) => {
      const { structureId } = parseInput(structureDepartmentSchema, request.body);
      return departementOfStructure(database, await resolveScope(request, database), structureId);
    },
  );
}
