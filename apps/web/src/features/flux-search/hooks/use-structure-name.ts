import { useQuery } from '@tanstack/react-query';
import { getStructure } from '../api/search-structures';
import { fluxSearchMessages as m } from '../messages';

/**
 * The name of the structure a search names (null: none, or still loading), read once per
 * structure: the picker's own query (same key), so the chip and the field share it.
 */
export function useStructureName(currentStructureId: number, structureId: number | null): string | null {
  const query = useQuery({
    queryKey: ['flux-structure', currentStructureId, structureId],
    queryFn: ({ signal }) => getStructure(currentStructureId, structureId ?? 0, signal),
    enabled: structureId !== null,
    staleTime: Infinity,
  });
  if (structureId === null || query.isPending) return null;
  return query.data?.NomStructure ?? m.structureUnknown;
}
