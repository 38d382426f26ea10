import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCurrentStructure } from '@/lib/session';
import { fetchStructureShares, type SharesPeriod } from '../api/fetch-structure-shares';

/**
 * The shares `structureId` earned over `period` (asked only when `enabled`). The figures of the
 * previous period stay shown while another one loads.
 */
export function useStructureShares(structureId: number, period: SharesPeriod, enabled: boolean) {
  const { structureId: actingStructureId } = useCurrentStructure();
  return useQuery({
    queryKey: ['structure-shares', structureId, actingStructureId, period.du ?? null, period.au ?? null],
    queryFn: ({ signal }) => fetchStructureShares(structureId, actingStructureId, period, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
