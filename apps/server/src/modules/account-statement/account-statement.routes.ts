import {
  STATEMENT_BATCH_URL,
  accountStatementQuerySchema,
  issuedAccountStatementQuerySchema,
  statementBatchRequestSchema,
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
import { createAccountStatementService } from './account-statement.service';
import { startStatementBatchJob } from './statement-batch-job';

/**
 * A structure's relevé de compte (ADR 0031), read under the flux module like the flux search;
 * a structure out of the caller's scope is "not found", as a flux document is.
 * - GET /api/structures/:id/releve-de-compte?du&au|saison&format=json: computed for the screen;
 *   format=pdf|xlsx issues it (or finds the same one issued before) and sends its stored file.
 * - GET /api/structures/:id/releves-de-compte: the statements issued for the structure.
 * - GET /api/releves-de-compte/:id?format=pdf|xlsx: an issued statement's stored file.
 * - POST /api/releves-de-compte/lots: many structures' relevés as a job (R-JOB-06), 202.
 */
export function registerAccountStatementRoutes(
  app: FastifyInstance,
  database: Database,
  service = createAccountStatementService(database),
  jobs?: JobRuntime,
): void {
  if (jobs) {
    app.post(STATEMENT_BATCH_URL, { config: { auth: 'user', event: 'releve_compte.lot' } }, async (request, reply) => {
      const body = parseInput(statementBatchRequestSchema, request.body);
      const scope = await resolveScope(request, database);
      const job = await startStatementBatchJob(database, jobs, service, scope, body);
      return reply
        .code(202)
        .header('cache-control', 'private, no-store')
        .send({ traitement: jobView(job, scope.actor) });
    });
  }

  app.get('/api/structures/:id/releve-de-compte', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(accountStatementQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    reply.header('cache-control', 'private, no-store');
    if (query.format === 'json') {
      const { structure, statement } = await service.compute(scope, id, query);
      return { structure: { id, name: structure.name }, ...statement };
    }
    // The screen's figures are a read; a file is a relevé issued (or read again as issued).
    markBusinessEvent(request, { name: 'releve_compte.emission', details: { format: query.format } });
    return sendIssuedStatementFile(reply, await service.download(scope, id, query, query.format), query.download);
  });

  app.get('/api/structures/:id/releves-de-compte', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const scope = await resolveScope(request, database);
    reply.header('cache-control', 'private, no-store');
    return { statements: await service.list(scope, id) };
  });

  app.get('/api/releves-de-compte/:id', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(issuedAccountStatementQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    return sendIssuedStatementFile(reply, await service.downloadIssued(scope, id, query.format), query.download);
  });
}
