import { jobIdParamsSchema, JOBS_URL } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { openApiSchema } from '../../lib/core-api-route';
import { parseInput } from '../../lib/validation';
import { requireActor } from '../../plugins/auth';
import type { JobRuntime } from './job-runtime';
import { createJobsService } from './jobs.service';

/** 'Mes traitements' (R-JOB-03, R-JOB-04): the current user's jobs, one job, its cancellation and result. */
export function registerJobsRoutes(app: FastifyInstance, database: Database, runtime: JobRuntime): void {
  const service = createJobsService(database, runtime);
  const route = (summary: string, extra: object = {}) => ({
    config: { auth: 'user' as const },
    schema: { summary, tags: ['Traitements'], ...extra },
    validatorCompiler: () => () => true,
  });
  const idParams = openApiSchema(jobIdParamsSchema);
  const idOf = (params: unknown) => parseInput(jobIdParamsSchema, params).id;

  app.get(JOBS_URL, route('Mes traitements'), async (request) => service.list(requireActor(request)));
  app.get(`${JOBS_URL}/:id`, route('Un traitement', { params: idParams }), async (request) =>
    service.get(requireActor(request), idOf(request.params)),
  );
  app.post(`${JOBS_URL}/:id/annulation`, route('Annuler un traitement', { params: idParams }), async (request) =>
    service.cancel(requireActor(request), idOf(request.params)),
  );
  app.get(
    `${JOBS_URL}/:id/resultat`,
    route('Résultat d’un traitement', { params: idParams }),
    async (request, reply) => {
      const result = await service.result(requireActor(request), idOf(request.params));
      reply.header('content-disposition', `attachment; filename="${result.name}"`);
      if (result.kind === 'summary') {
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(result.summary, null, 2));
      }
      return reply
        .type(result.content.mimeType)
        .header('content-length', result.content.size)
        .send(result.content.body);
    },
  );
}
