import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';

/**
 * Liveness for load balancers: 200 while the primary answers, 503 when it does not. With a
 * read replica that lags or does not answer, the status is 'dégradé' with the reason in
 * French, still 200: every read then runs on the primary and the instance serves (R-OPS-07).
 */
/**
 * PGlite busy with others' work that keeps answering (a statement succeeded this recently): the
 * embedded database is up, health says so without queuing behind that work (ADR 0058).
 */
export const PGLITE_RECENT_ANSWER_MS = 2_000;

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', { config: { auth: 'public' } }, async (_request, reply) => {
    try {
      // Answered on the priority lane: heavy work filling the main pool never delays it (R-OPS-10).
      if (!database.busyButAnswering?.(PGLITE_RECENT_ANSWER_MS))
        await database.query('SELECT 1', [], { priority: true });
    } catch {
      return reply.status(503).send({ status: 'error', database: database.kind });
    }
    const replica = database.readReplica?.status();
    if (!replica) return { status: 'ok', database: database.kind };
    return replica.usable
      ? { status: 'ok', database: database.kind, replica: { status: 'ok', lagMs: replica.lagMs } }
      : { status: 'dégradé', database: database.kind, replica: { status: 'écartée', reason: replica.reason } };
  });
}
