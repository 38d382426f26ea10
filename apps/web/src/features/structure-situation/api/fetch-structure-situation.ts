import { structureSituationPath, type StructureSituation } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';

/** The page of `structureId`, as seen by the structure the user acts for. */
export function fetchStructureSituation(
  structureId: number,
  actingStructureId: number,
  signal?: AbortSignal,
): Promise<StructureSituation> {
  return apiFetch<StructureSituation>(
    structureSituationPath(structureId) + toSearch({ structureId: actingStructureId }),
    { signal },
  );
}
