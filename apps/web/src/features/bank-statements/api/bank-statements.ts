import { BANK_STATEMENTS_URL, type BankStatementSummary } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { BANK_STATEMENTS_KEY } from './query-keys';

/** GET .../releves: the head office's statements with their reconciliation progress. */
function getBankStatements(structureId: number, signal?: AbortSignal): Promise<BankStatementSummary[]> {
  return apiFetch<BankStatementSummary[]>(`${BANK_STATEMENTS_URL}?structureId=${structureId}`, { signal });
}

export function useBankStatements(structureId: number) {
  return useQuery({
    queryKey: [BANK_STATEMENTS_KEY, 'list', structureId],
    queryFn: ({ signal }) => getBankStatements(structureId, signal),
  });
}
