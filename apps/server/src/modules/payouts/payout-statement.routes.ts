import { issuedPayoutStatementQuerySchema, payoutStatementQuerySchema } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { sendIssuedStatementFile } from '../../lib/issued-file-reply';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { markBusinessEvent } from '../../plugins/business-events';
import { resolveScope } from '../../plugins/scope';
import { createPayoutStatementService } from './payout-statement.service';

/**
 * R-PAY-09: a ligue's or a comité's relevé de reversements, with the relevé de compte's routes
 * (R-STMT-03, ADR 0031):
 * - GET /api/structures/:id/releve-de-reversements?du&au|saison&format=json: computed for the
 *   screen; format=pdf|xlsx issues it (or finds the same one issued before) and sends its file.
 * - GET /api/structures/:id/releves-de-reversements: the statements issued for the structure.
 * - GET /api/releves-de-reversements/:id?format=pdf|xlsx: an issued statement's stored file.
 */
export function registerPayoutStatementRoutes(
  app: FastifyInstance,
  database: Database,
  service = createPayoutStatementService(database),
): void {
  const route = (summary: string) => ({
    config: { auth: 'user' as const },
    schema: { summary, tags: ['Virements SEPA'] },
    validatorCompiler: () => () => true,
  });

  app.get('/api/structures/:id/releve-de-reversements', route('Relevé de reversements'), async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(payoutStatementQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    reply.header('cache-control', 'private, no-store');
    if (query.format === 'json') return service.compute(scope, id, query);
    // The screen's figures are a read; a file is a relevé issued (or read again as issued).
    markBusinessEvent(request, { name: 'releve_reversements.emission', details: { format: query.format } });
    return sendIssuedStatementFile(reply, await service.download(scope, id, query, query.format), query.download);
  });

  app.get(
    '/api/structures/:id/releves-de-reversements',
    route('Relevés de reversements émis'),
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const scope = await resolveScope(request, database);
      reply.header('cache-control', 'private, no-store');
      return { statements: await service.list(scope, id) };
    },
  );

  app.get('/api/releves-de-reversements/:id', route('Un relevé de reversements émis'), async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(issuedPayoutStatementQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    return sendIssuedStatementFile(reply, await service.downloadIssued(scope, id, query.format), query.download);
  });
}
