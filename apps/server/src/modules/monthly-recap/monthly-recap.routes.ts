import {
  RECAP_BATCH_URL,
  issuedAccountStatementQuerySchema,
  recapIssueRequestSchema,
  recapSubscriptionRequestSchema,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { sendIssuedStatementFile } from '../../lib/issued-file-reply';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { markBusinessEvent } from '../../plugins/business-events';
import { resolveScope } from '../../plugins/scope';
import type { JobRuntime } from '../jobs/job-runtime';
import { jobView } from '../jobs/jobs.service';
import { startMonthlyRecapJob } from './monthly-recap-job';
import { createMonthlyRecapService } from './monthly-recap.service';

/**
 * 'Récapitulatif mensuel' (R-RECAP-01..08), input parsed before any grant or scope check:
 * - GET /api/structures/:id/recapitulatifs: the structure's recaps and its e-mail opt-in;
 * - POST /api/structures/:id/recapitulatifs {mois}: issues a past month's recap (201), or
 *   answers with the one issued before (200);
 * - PUT /api/structures/:id/recapitulatifs/abonnement {abonnementEmail}: the opt-in;
 * - GET /api/recapitulatifs/:id?format=pdf|xlsx: a recap's stored file, as issued;
 * - POST /api/recapitulatifs/lots {mois}: the head office starts a month's recaps of every structure (202).
 */
export function registerMonthlyRecapRoutes(
  app: FastifyInstance,
  database: Database,
  jobs: JobRuntime,
  service = createMonthlyRecapService(database),
): void {
  const noStore = { 'cache-control': 'private, no-store' };

  app.get('/api/structures/:id/recapitulatifs', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const scope = await resolveScope(request, database);
    return reply.headers(noStore).send(await service.list(scope, id));
  });

  app.post('/api/structures/:id/recapitulatifs', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(recapIssueRequestSchema, request.body);
    const scope = await resolveScope(request, database);
    const { recap, created } = await service.issue(scope, id, body.mois);
    if (created) markBusinessEvent(request, { name: 'recapitulatif.emission', details: { mois: body.mois } });
    return reply
      .code(created ? 201 : 200)
      .headers(noStore)
      .send(recap);
  });

  app.put('/api/structures/:id/recapitulatifs/abonnement', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(recapSubscriptionRequestSchema, request.body);
    const scope = await resolveScope(request, database);
    return reply.headers(noStore).send(await service.setSubscription(scope, id, body.abonnementEmail));
  });

  app.get('/api/recapitulatifs/:id', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(issuedAccountStatementQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    return sendIssuedStatementFile(reply, await service.file(scope, id, query.format), query.download);
  });

  app.post(RECAP_BATCH_URL, { config: { auth: 'user' } }, async (request, reply) => {
    const body = parseInput(recapIssueRequestSchema, request.body);
    const scope = await resolveScope(request, database);
    const job = await startMonthlyRecapJob(database, jobs, scope, body.mois, service.today);
    return reply
      .code(202)
      .headers(noStore)
      .send({ traitement: jobView(job, scope.actor) });
  });
}
