import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StructureRib } from '@gdf/domain';
import { apiFetch, orNothing } from '@/lib/api-client';

export type { StructureRib };

/** A core API call (R-API-01, R-API-02): null when it fails (nothing shown). */
function getStructureRibs(structureId: number, signal?: AbortSignal): Promise<StructureRib[] | null> {
  const path = `/api/structure_ribs/structure/${structureId}`;
  return orNothing(apiFetch<StructureRib[]>(path, { signal }), `GET ${path}`);
}

function structureRibsQueryOptions(structureId: number) {
  return queryOptions({
    queryKey: ['structure-ribs', structureId],
    queryFn: ({ signal }) => getStructureRibs(structureId, signal),
  });
}

export function useStructureRibs(structureId: number) {
  return useQuery(structureRibsQueryOptions(structureId));
}
