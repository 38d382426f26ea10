import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StructureRib } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';

export type { StructureRib };

export function getStructureRibs(structureId: number, signal?: AbortSignal): Promise<StructureRib[]> {
  return apiFetch<StructureRib[]>(`/api/structure_ribs/structure/${structureId}`, { signal });
}

export function structureRibsQueryOptions(structureId: number) {
  return queryOptions({
    queryKey: ['structure-ribs', structureId],
    queryFn: ({ signal }) => getStructureRibs(structureId, signal),
  });
}

export function useStructureRibs(structureId: number) {
  return useQuery(structureRibsQueryOptions(structureId));
}
