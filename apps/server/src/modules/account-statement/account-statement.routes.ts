import { accountStatementFileName, accountStatementQuerySchema, accountStatementTable } from '@gdf/domain';
import { toXlsx } from '@gdf/file-formats';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { resolveScope } from '../../plugins/scope';
import { renderAccountStatementPdf } from './account-statement-pdf';
import { structureAccountStatement } from './account-statement.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/structures/:id/releve-de-compte?du&au&format=json|pdf|xlsx (R-STMT-01 to R-STMT-03): the
 * structure's account statement (account-statement.service.ts) as JSON, PDF or xlsx. Not
 * frozen or stored yet: each request computes it anew.
 */
export function registerAccountStatementRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/structures/:id/releve-de-compte', { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const query = parseInput(accountStatementQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    const { structure, statement, from, to } = await structureAccountStatement(database, scope, id, query);
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
