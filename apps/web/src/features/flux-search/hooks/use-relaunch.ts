import { useMutation, useQueryClient } from '@tanstack/react-query';
import { relaunchFlux } from '../api/relaunch-flux';
import { FLUX_SEARCH_QUERY_KEY } from './use-flux-search';

export const FLUX_DETAIL_QUERY_KEY = 'flux-detail';

/** Relaunches a direct debit, then refreshes the table and the open detail. */
export function useRelaunch(structureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fluxId: number) => relaunchFlux(structureId, fluxId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [FLUX_SEARCH_QUERY_KEY] }),
        queryClient.invalidateQueries({ queryKey: [FLUX_DETAIL_QUERY_KEY] }),
      ]),
  });
}
