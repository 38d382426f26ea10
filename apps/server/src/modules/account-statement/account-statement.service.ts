import { ModuleSlug, buildAccountStatement, statementPeriodProblem, type AccountStatement } from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest, notFound } from '../../lib/http-errors';
import { requireModule, type RequestScope } from '../scope/scope';
import {
  currentSeasonBounds,
  findStatementStructure,
  loadStatementFlux,
  type StatementStructure,
} from './account-statement.repository';

const STRUCTURE_NOT_FOUND = 'Structure introuvable';

export interface StructureAccountStatement {
  structure: StatementStructure;
  statement: AccountStatement;
  from: string;
  to: string;
}

/**
 * A structure's account statement over a period, the current season by default. Read under
 * the flux module like the flux search; a structure out of the caller's scope is "not
 * found", as a flux document is.
 */
export async function structureAccountStatement(
  database: Database,
  scope: RequestScope,
  structureId: number,
  period: { du?: string; au?: string },
): Promise<StructureAccountStatement> {
  requireModule(scope, ModuleSlug.FluxFinanciers);
  const structure = await findStatementStructure(database, scope, structureId);
  if (!structure) throw notFound(STRUCTURE_NOT_FOUND);

  const season = period.du && period.au ? null : await currentSeasonBounds(database);
  const from = period.du ?? season?.from;
  const to = period.au ?? season?.to;
  if (!from || !to) throw badRequest('Requête invalide : aucune saison courante, précisez du et au');
  const problem = statementPeriodProblem(from, to);
  if (problem) throw badRequest(`Requête invalide : ${problem}`);

  const statement = buildAccountStatement(await loadStatementFlux(database, structureId, to), { from, to });
  return { structure, statement, from, to };
}

/** The structure of a statement when the caller may see it (also the overdue letters' addressee). */
export { findStatementStructure, type StatementStructure } from './account-statement.repository';
