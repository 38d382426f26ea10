import type { SepaPreview } from '@gdf/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** What the user picked; categories default to 5 (Prélèvement SEPA). */
export interface SepaSelection {
  dateEcheance: string;
  saison?: number | undefined;
  categories: number[];
  structureId: number;
}

function sepaQueryString(selection: SepaSelection): string {
  const params = new URLSearchParams({
    dateEcheance: selection.dateEcheance,
    structureId: String(selection.structureId),
  });
  if (selection.saison !== undefined) params.set('saison', String(selection.saison));
  if (selection.categories.length > 0) params.set('categories', selection.categories.join(','));
  return params.toString();
}

/** GET /api/exports/sepa/prelevements/preview (apps/server/src/modules/exports-sepa). */
function getSepaPreview(selection: SepaSelection, signal?: AbortSignal): Promise<SepaPreview> {
  return apiFetch<SepaPreview>(`/api/exports/sepa/prelevements/preview?${sepaQueryString(selection)}`, { signal });
}

function sepaPreviewQueryOptions(selection: SepaSelection) {
  return queryOptions({
    queryKey: ['sepa-preview', selection],
    queryFn: ({ signal }) => getSepaPreview(selection, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSepaPreview(selection: SepaSelection, enabled: boolean) {
  return useQuery({ ...sepaPreviewQueryOptions(selection), enabled });
}
