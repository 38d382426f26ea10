import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentStructure } from '@/lib/session';
import { fetchRecaps, issueRecap, setRecapSubscription } from '../api/recap-api';
import type { RecapListAnswer } from '@gdf/domain';

const RECAPS_QUERY_KEY = 'recapitulatifs';

/** The recaps of `structureId`, read for the current structure. */
export function useRecaps(structureId: number) {
  const { structureId: actingStructureId } = useCurrentStructure();
  return useQuery({
    queryKey: [RECAPS_QUERY_KEY, structureId, actingStructureId],
    queryFn: ({ signal }) => fetchRecaps(structureId, actingStructureId, signal),
    // A refusal or an unknown structure is the answer, not a glitch to retry.
    retry: false,
  });
}

/** 'Émettre le récapitulatif' of a month already over; the list is read again after. */
export function useIssueRecap(structureId: number) {
  const { structureId: actingStructureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mois: string) => issueRecap(structureId, actingStructureId, mois),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [RECAPS_QUERY_KEY, structureId] }),
  });
}

/** 'Recevoir le récapitulatif par e-mail': the server's answer replaces the list's flag. */
export function useRecapSubscription(structureId: number) {
  const { structureId: actingStructureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (abonnementEmail: boolean) => setRecapSubscription(structureId, actingStructureId, abonnementEmail),
    onSuccess: ({ abonnementEmail }) =>
      queryClient.setQueryData<RecapListAnswer>([RECAPS_QUERY_KEY, structureId, actingStructureId], (list) =>
        list ? { ...list, abonnementEmail } : list,
      ),
  });
}
