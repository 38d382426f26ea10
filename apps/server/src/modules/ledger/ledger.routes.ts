import { fiscalYearIdParamsSchema, fiscalYearSettingsSchema, validationInputSchema } from '@gdf/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/database';
import { openApiSchema } from '../../lib/core-api-route';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import type { JobRuntime } from '../jobs/job-runtime';
import type { JobOutcomeView } from '../jobs/jobs.service';
import { createLedgerService } from './ledger.service';

const PREFIX = '/api/parametrages-comptables/exercices';

/** Fiscal years, 'Valider les écritures' and closing (R-LEDG-06 to R-LEDG-09), for the current structure's books. */
export function registerLedgerRoutes(
  app: FastifyInstance,
  database: Database,
  jobs: JobRuntime,
  now?: () => Date,
): void {
  const service = createLedgerService(database, jobs, now);
  // The result when the job ended in time (200, as before), else the job to follow (202).
  const answer = <T>(reply: FastifyReply, outcome: JobOutcomeView<T>) =>
    'done' in outcome ? outcome.done : reply.code(202).send({ traitement: outcome.accepted });
  const route = (summary: string, extra: object = {}) => ({
    config: { auth: 'user' as const },
    schema: { summary, tags: ['Paramétrages comptables'], ...extra },
    validatorCompiler: () => () => true,
  });
  const idParams = openApiSchema(fiscalYearIdParamsSchema);

  app.get(PREFIX, route('Exercices comptables'), async (request) =>
    service.fiscalYears(await resolveScope(request, database)),
  );
  app.put(
    PREFIX,
    route('Mois de début des exercices', { body: openApiSchema(fiscalYearSettingsSchema) }),
    async (request) => service.setStartMonth(await resolveScope(request, database), request.body),
  );
  app.post(
    `${PREFIX}/:id/validation`,
    route('Valider les écritures jusqu’à une date', { params: idParams, body: openApiSchema(validationInputSchema) }),
    async (request, reply) => {
      const { id } = parseInput(fiscalYearIdParamsSchema, request.params);
      return answer(reply, await service.validate(await resolveScope(request, database), id, request.body));
    },
  );
  app.post(`${PREFIX}/:id/cloture`, route('Clôturer l’exercice', { params: idParams }), async (request, reply) => {
    const { id } = parseInput(fiscalYearIdParamsSchema, request.params);
    return answer(reply, await service.close(await resolveScope(request, database), id));
  });
}
