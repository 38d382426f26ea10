import { useQuery } from '@tanstack/react-query';
import { useCurrentStructure } from '@/lib/session';
import { fetchStructureSituation } from '../api/fetch-structure-situation';

export const STRUCTURE_SITUATION_QUERY_KEY = 'structure-situation';

/** The situation of `structureId` (null: none asked), read for the current structure. */
export function useStructureSituation(structureId: number | null) {
  const { structureId: actingStructureId } = useCurrentStructure();
  return useQuery({
    queryKey: [STRUCTURE_SITUATION_QUERY_KEY, structureId, actingStructureId],
    queryFn: ({ signal }) => fetchStructureSituation(structureId ?? 0, actingStructureId, signal),
    enabled: structureId !== null,
    // A 404 (out of scope) or a 403 is the answer, not a glitch to retry.
    retry: false,
  });
}
