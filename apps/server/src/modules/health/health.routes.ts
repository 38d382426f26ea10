import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { primaryAnswers } from './health.service';

export { PGLITE_RECENT_ANSWER_MS } from './health.service';

/**
 * Liveness for load balancers: 200 while the primary answers, 503 when it does not. With a
 * read replica that lags or does not answer, the status is 'dégradé' with the reason in
 * French, still 200: every read then runs on the primary and the instance serves (R-OPS-07).
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', { config: { auth: 'public' } }, async (_request, reply) => {
    if (!(await primaryAnswers(database))) return reply.status(503).send({ status: 'error', database: database.kind });
    const replica = database.readReplica?.status();
    if (!replica) return { status: 'ok', database: database.kind };
    return replica.usable
      ? { status: 'ok', database: database.kind, replica: { status: 'ok', lagMs: replica.lagMs } }
      : { status: 'dégradé', database: database.kind, replica: { status: 'écartée', reason: replica.reason } };
  });
}
