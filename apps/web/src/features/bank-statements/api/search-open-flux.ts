import { BANK_STATEMENTS_URL, type BankMatchFlux } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';
import { BANK_STATEMENTS_KEY } from './query-keys';

/** The server looks for at least this many characters (shorter answers nothing). */
export const MIN_FLUX_QUERY = 2;

/** GET .../releves/flux-ouverts?q=: open flux of the scope, for a manual reconciliation. */
function searchOpenFlux(structureId: number, text: string, signal?: AbortSignal): Promise<BankMatchFlux[]> {
  return apiFetch<BankMatchFlux[]>(`${BANK_STATEMENTS_URL}/flux-ouverts${toSearch({ structureId, q: text })}`, {
    signal,
  });
}

export function useOpenFluxSearch(structureId: number, text: string) {
  return useQuery({
    queryKey: [BANK_STATEMENTS_KEY, 'open-flux', structureId, text],
    queryFn: ({ signal }) => searchOpenFlux(structureId, text, signal),
    enabled: text.trim().length >= MIN_FLUX_QUERY,
  });
}
