import { resourceIdParamsSchema, resourceParamsSchema } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { openApiSchema } from '../../lib/core-api-route';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { createAccountingSettingsService } from './accounting-settings.service';

const PREFIX = '/api/parametrages-comptables';

/**
 * Paramétrages comptables (R-LEDG-01): comptes, types-facturation, sections-analytiques and
 * mappings-flux share list/create/update/delete routes; parametres holds the third-party rule.
 */
export function registerAccountingSettingsRoutes(app: FastifyInstance, database: Database): void {
  const service = createAccountingSettingsService(database);
  const route = (summary: string, params?: object) => ({
    config: { auth: 'user' as const },
    schema: { summary, tags: ['Paramétrages comptables'], ...(params ? { params } : {}) },
    validatorCompiler: () => () => true,
  });
  const resourceParams = openApiSchema(resourceParamsSchema);
  const idParams = openApiSchema(resourceIdParamsSchema);

  app.get(`${PREFIX}/references`, route('Catégories de flux et tarifs'), async (request) =>
    service.references(await resolveScope(request, database)),
  );
  app.get(`${PREFIX}/parametres`, route('Règle du compte tiers et SIREN'), async (request) => ({
    parametres: await service.parametres(await resolveScope(request, database)),
  }));
  app.put(`${PREFIX}/parametres`, route('Modifier la règle du compte tiers'), async (request) =>
    service.saveParametres(await resolveScope(request, database), request.body),
  );
  app.get(`${PREFIX}/:resource`, route('Lister', resourceParams), async (request) => {
    const { resource } = parseInput(resourceParamsSchema, request.params);
    return service.list(await resolveScope(request, database), resource);
  });
  app.post(`${PREFIX}/:resource`, route('Créer', resourceParams), async (request, reply) => {
    const { resource } = parseInput(resourceParamsSchema, request.params);
    const row = await service.create(await resolveScope(request, database), resource, request.body);
    return reply.code(201).send(row);
  });
  app.put(`${PREFIX}/:resource/:id`, route('Modifier', idParams), async (request) => {
    const { resource, id } = parseInput(resourceIdParamsSchema, request.params);
    return service.update(await resolveScope(request, database), resource, id, request.body);
  });
  app.delete(`${PREFIX}/:resource/:id`, route('Supprimer', idParams), async (request, reply) => {
    const { resource, id } = parseInput(resourceIdParamsSchema, request.params);
    await service.remove(await resolveScope(request, database), resource, id);
    return reply.code(204).send();
  });
}
