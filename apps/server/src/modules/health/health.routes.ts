import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', { config: { auth: 'public' } }, async (_request, reply) => {
    try {
      await database.query('SELECT 1');
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'error', database: database.kind });
    }
  });
}
