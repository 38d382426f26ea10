import type { FiscalYearsResponse } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * The structure's fiscal years, read by the accounting settings (validation, closing) and
 * by the SAGE page (which years a FEC can cover): one query key, so a validation or a closing
 * on one page refreshes the other.
 */
export const fiscalYearsUrl = (structureId: number, path = '') =>
  `/api/parametrages-comptables/exercices${path}?structureId=${encodeURIComponent(String(structureId))}`;

export const fiscalYearsQueryKey = (structureId: number) => ['exercices', structureId];

/** GET /api/parametrages-comptables/exercices: the start month and the fiscal years, oldest first. */
const getFiscalYears = (structureId: number, signal?: AbortSignal) =>
  apiFetch<FiscalYearsResponse>(fiscalYearsUrl(structureId), { signal });

/** The structure's fiscal years, under the one query key both pages share. */
export const useFiscalYears = (structureId: number) =>
  useQuery({
    queryKey: fiscalYearsQueryKey(structureId),
    queryFn: ({ signal }) => getFiscalYears(structureId, signal),
  });
