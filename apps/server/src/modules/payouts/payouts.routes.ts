import { PAYOUTS_PATH, PAYOUTS_PREVIEW_PATH, SHARE_RULES_PATH } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import type { SepaSettings } from '../exports-sepa/sepa.service';
import { createPayoutsService } from './payouts.service';
import { registerPayoutStatementRoutes } from './payout-statement.routes';
import { createSharesService } from './shares.service';

const pageQuery = z
  .object({
    structureId: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

/**
 * Each level's share and its payout (R-PAY): the head office's rules, a ligue's or a comité's
 * shares, and 'Générer les virements SEPA' (preview, generation, files, cancellation).
 */
export function registerPayoutRoutes(app: FastifyInstance, database: Database, settings: SepaSettings): void {
  const shares = createSharesService(database);
  const payouts = createPayoutsService(database, settings);
  const route = (summary: string, event?: string) => ({
    config: { auth: 'user' as const, ...(event ? { event } : {}) },
    schema: { summary, tags: ['Virements SEPA'] },
    validatorCompiler: () => () => true,
  });
  const scopeOf = (request: Parameters<typeof resolveScope>[0]) => resolveScope(request, database);

  app.get(SHARE_RULES_PATH, route('Quotes-parts des ligues et comités : règles'), async (request) =>
    shares.rules(await scopeOf(request)),
  );
  app.put(SHARE_RULES_PATH, route('Fixer une quote-part', 'quote_part.regle'), async (request) =>
    shares.saveRule(await scopeOf(request), request.body),
  );
  app.get(
    '/api/structures/:id/quotes-parts',
    route('Quotes-parts acquises par une ligue ou un comité'),
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      return shares.structureShares(await scopeOf(request), id, request.query);
    },
  );

  app.get(PAYOUTS_PREVIEW_PATH, route('Aperçu des virements à générer'), async (request) =>
    payouts.preview(await scopeOf(request), request.query),
  );
  app.post(
    PAYOUTS_PATH,
    route('Génère un fichier de virements SEPA', 'virement_sepa.generation'),
    async (request, reply) => reply.code(201).send(await payouts.generate(await scopeOf(request), request.body)),
  );
  app.get(PAYOUTS_PATH, route('Fichiers de virements déjà générés'), async (request) => {
    const page = parseInput(pageQuery, request.query);
    return payouts.batches(await scopeOf(request), page);
  });
  app.get(`${PAYOUTS_PATH}/:id/fichier`, route('Télécharge un fichier de virements'), async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const file = await payouts.file(await scopeOf(request), id);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('content-length', file.size)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  app.post(
    `${PAYOUTS_PATH}/:id/annulation`,
    route('Annule un fichier de virements', 'virement_sepa.annulation'),
    async (request) => {
      const { id } = parseInput(idParams, request.params);
      return payouts.cancel(await scopeOf(request), id);
    },
  );
  // R-PAY-09: a ligue's or a comité's relevé de reversements.
  registerPayoutStatementRoutes(app, database);
}
