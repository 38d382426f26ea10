import type { FiscalYearsResponse } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';

export const fiscalYearsQueryKey = (structureId: number) => ['sage-export', structureId, 'exercices'];

/** GET /api/parametrages-comptables/exercices: the fiscal years a FEC can cover, oldest first. */
export const getFiscalYears = (structureId: number, signal?: AbortSignal) =>
  apiFetch<FiscalYearsResponse>(
    `/api/parametrages-comptables/exercices?structureId=${encodeURIComponent(String(structureId))}`,
    { signal },
  );
