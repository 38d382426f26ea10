import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { coreApiRoute, openApiSchema } from '../../lib/core-api-route';
import { documentTypeSlug, seasonPath, structurePath } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { documentResponseSchema } from '../files/files.service';
import { structureDocuments } from './structure-documents.service';

/** Unknown keys ("plus extras", R-API-03) are accepted and ignored. */
const structureDocumentsSchema = z.object({
  structure: structurePath,
  docTypes: z.array(documentTypeSlug).min(1).max(20),
  season: seasonPath.nullable().optional(),
});

export function registerStructureDocumentsRoutes(app: FastifyInstance, database: Database): void {
  app.post(
    '/api/structure_documents/structure',
    coreApiRoute({
      summary: 'Documents d’une structure, par types de document',
      event: false,
      description: 'Les plus récents d’abord ; `season` restreint à une saison.',
      tags: ['Documents'],
      body: openApiSchema(structureDocumentsSchema),
      response: { 200: { type: 'array', items: documentResponseSchema } },
    }),
    async (request) => {
      const input = parseInput(structureDocumentsSchema, request.body);
      return structureDocuments(database, await resolveScope(request, database), {
        structureId: input.structure,
        docTypes: input.docTypes,
        seasonId: input.season ?? null,
      });
    },
  );
}
