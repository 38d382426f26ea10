import { useQuery } from '@tanstack/react-query';
import { structureOptionQuery } from '@/lib/structure-options';
import { fluxSearchMessages as m } from '../messages';

/**
 * The name of the structure a search names (null: none, or still loading), read once per
 * structure: the picker's own query (same key), so the chip and the field share it.
 */
export function useStructureName(currentStructureId: number, structureId: number | null): string | null {
  const query = useQuery(structureOptionQuery(currentStructureId, structureId));
  if (structureId === null || query.isPending) return null;
  return query.data?.NomStructure ?? m.structureUnknown;
}
