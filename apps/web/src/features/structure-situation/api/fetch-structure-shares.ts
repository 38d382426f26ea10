import { structureSharesPath, type StructureSharesAnswer } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { toSearch } from '@/lib/routes';

/** A period of days (YYYY-MM-DD); an end left out is the server's default (this year, to today). */
export interface SharesPeriod {
  du?: string | undefined;
  au?: string | undefined;
}

/** What a ligue or a comité earned of its clubs' payments over `period`, as seen by the acting structure. */
export function fetchStructureShares(
  structureId: number,
  actingStructureId: number,
  period: SharesPeriod,
  signal?: AbortSignal,
): Promise<StructureSharesAnswer> {
  return apiFetch<StructureSharesAnswer>(
    structureSharesPath(structureId) + toSearch({ structureId: actingStructureId, du: period.du, au: period.au }),
    { signal },
  );
}
