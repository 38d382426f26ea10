import type { StructureStatusResponse } from '@gdf/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * GET /api/structures/{id}/status: blocked, affiliated ever, affiliated this season.
 * `structureId` in the query names the caller's current structure, so the server
 * checks the scope of the right membership.
 */
function getStructureStatus(structureId: number, signal?: AbortSignal): Promise<StructureStatusResponse> {
  return apiFetch<StructureStatusResponse>(`/api/structures/${structureId}/status?structureId=${structureId}`, {
    signal,
  });
}

function structureStatusQueryOptions(structureId: number) {
  return queryOptions({
    queryKey: ['structure-status', structureId],
    queryFn: ({ signal }) => getStructureStatus(structureId, signal),
    // Blocking and affiliation change a few times a season: one read per visit is enough.
    staleTime: 5 * 60_000,
  });
}

export function useStructureStatus(structureId: number) {
  return useQuery(structureStatusQueryOptions(structureId));
}
