import { BANK_STATEMENTS_URL, type BankEntryFilter, type BankEntryPage } from '@gdf/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';
import { BANK_STATEMENTS_KEY } from './query-keys';

export const ENTRIES_PAGE_SIZE = 20;

export interface BankEntriesParams {
  statementId: number;
  filter: BankEntryFilter;
  /** 1-based, as the server counts. */
  page: number;
}

/** GET .../releves/{id}/ecritures: one page of a statement's entries, with their proposals. */
function getBankEntries(
  structureId: number,
  { statementId, filter, page }: BankEntriesParams,
  signal?: AbortSignal,
): Promise<BankEntryPage> {
  const query = toSearch({ structureId, filtre: filter, page, taille: ENTRIES_PAGE_SIZE });
  return apiFetch<BankEntryPage>(`${BANK_STATEMENTS_URL}/${statementId}/ecritures${query}`, { signal });
}

export function useBankEntries(structureId: number, params: BankEntriesParams) {
  return useQuery({
    queryKey: [BANK_STATEMENTS_KEY, 'entries', structureId, params],
    queryFn: ({ signal }) => getBankEntries(structureId, params, signal),
    // Paging and filtering keep the previous page in view rather than a spinner.
    placeholderData: keepPreviousData,
  });
}
