import { statementPeriodProblem } from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/http-errors';
import { seasonBounds } from './account-statement.repository';

export interface StatementRequest {
  du?: string | undefined;
  au?: string | undefined;
  saison?: number | undefined;
}

/** The period a request names (its dates, else its season's, else the current season's), checked. */
export async function requestedPeriod(
  reader: Pick<Database, 'query'>,
  request: StatementRequest,
): Promise<{ du: string; au: string }> {
  const season = request.du && request.au ? null : await seasonBounds(reader, request.saison);
  if (!season && request.saison !== undefined && !(request.du && request.au))
    throw badRequest('Requête invalide : saison inconnue');
  const du = request.du ?? season?.from;
  const au = request.au ?? season?.to;
  if (!du || !au) throw badRequest('Requête invalide : aucune saison courante, précisez du et au');
  const problem = statementPeriodProblem(du, au);
  if (problem) throw badRequest(`Requête invalide : ${problem}`);
  return { du, au };
}
