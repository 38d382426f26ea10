import { accountStatementPath, issuedAccountStatementsPath, type IssuedAccountStatementSummary } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';
import type { StatementPeriodChoice } from './download-flux-document';

/** What the dialog shows of a statement before it is given out (amounts in cents). */
export interface StatementPreview {
  structure: { id: number; name: string };
  period: { from: string; to: string };
  openingBalance: number;
  closingBalance: number;
  lines: unknown[];
  overdue: { total: number };
}

export function fetchStatementPreview(
  statementStructureId: number,
  structureId: number,
  period: StatementPeriodChoice,
  signal?: AbortSignal,
): Promise<StatementPreview> {
  return apiFetch<StatementPreview>(
    accountStatementPath(statementStructureId) + toSearch({ ...period, format: 'json', structureId }),
    { signal },
  );
}

export async function fetchIssuedStatements(
  statementStructureId: number,
  structureId: number,
  signal?: AbortSignal,
): Promise<IssuedAccountStatementSummary[]> {
  const path = issuedAccountStatementsPath(statementStructureId) + toSearch({ structureId });
  return (await apiFetch<{ statements: IssuedAccountStatementSummary[] }>(path, { signal })).statements;
}
