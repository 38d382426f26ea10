import type { ShareRuleInput } from '@gdf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentStructure } from '@/lib/session';
import { getShareRules, saveShareRule } from '../api/share-rules-api';

const shareRulesKey = (structureId: number) => ['parametrages-comptables', structureId, 'quotes-parts'];

/** The levels' share rules, as the head office sets them (R-PAY-01). */
export function useShareRules() {
  const { structureId } = useCurrentStructure();
  return useQuery({ queryKey: shareRulesKey(structureId), queryFn: () => getShareRules(structureId) });
}

/** Saves a share rule, then reads the list again (the saved rule may replace one of its season). */
export function useSaveShareRule() {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareRuleInput) => saveShareRule(structureId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareRulesKey(structureId) }),
  });
}
