import {
  ModuleSlug,
  accountStatementFileName,
  accountStatementQuerySchema,
  accountStatementTable,
  buildAccountStatement,
  statementPeriodProblem,
  toXlsx,
} from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { badRequest, notFound } from '../../lib/http-errors';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { requireModule, resolveScope } from '../scope/scope';
import { renderAccountStatementPdf } from './account-statement-pdf';
import { currentSeasonBounds, findStatementStructure, loadStatementFlux } from './account-statement.repository';

const STRUCTURE_NOT_FOUND = 'Structure introuvable';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/structures/:id/releve-de-compte?du&au&format=json|pdf|xlsx (R-STMT-01 to R-STMT-03): the
 * structure's account statement over a period, the current season by default. Read under
 * the flux module like the flux search; a structure out of the caller's scope is "not
 * found", as a flux document is. Not frozen or stored yet: each request computes it anew.
 */
export function registerAccountStatementRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/structures/:id/releve-de-compte', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(accountStatementQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    requireModule(scope, ModuleSlug.FluxFinanciers);
    const structure = await findStatementStructure(database, scope, id);
    if (!structure) throw notFound(STRUCTURE_NOT_FOUND);

    const season = query.du && query.au ? null : await currentSeasonBounds(database);
    const from = query.du ?? season?.from;
    const to = query.au ?? season?.to;
    if (!from || !to) throw badRequest('Requête invalide : aucune saison courante, précisez du et au');
    const problem = statementPeriodProblem(from, to);
    if (problem) throw badRequest(`Requête invalide : ${problem}`);

    const statement = buildAccountStatement(await loadStatementFlux(database, id, to), { from, to });
    reply.header('cache-control', 'private, no-store');
    if (query.format === 'json') return { structure: { id, name: structure.name }, ...statement };

    const disposition = (fileName: string) => `${query.download ? 'attachment' : 'inline'}; filename="${fileName}"`;
    if (query.format === 'pdf') {
      const pdf = await renderAccountStatementPdf(statement, structure);
      return reply
        .type('application/pdf')
        .header('content-disposition', disposition(accountStatementFileName(id, from, to, 'pdf')))
        .send(pdf);
    }
    const { table, header, footer, amountColumns } = accountStatementTable(statement, structure.name);
    const parts = await toXlsx(table, { header, footer, amountColumns, worksheet: 'Relevé de compte' });
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${accountStatementFileName(id, from, to, 'xlsx')}"`)
      .send(Buffer.concat(parts));
  });
}
