import type { SepaBatchCancellation } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** POST /api/exports/sepa/batches/{id}/cancel: the batch's flux go back to the next file. */
function cancelSepaBatch(structureId: number, batchId: number): Promise<SepaBatchCancellation> {
  return apiFetch<SepaBatchCancellation>(`/api/exports/sepa/batches/${batchId}/cancel?structureId=${structureId}`, {
    method: 'POST',
  });
}

export function useCancelSepaBatch(structureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: number) => cancelSepaBatch(structureId, batchId),
    // Refused or not, the history and the preview may have changed (another user, a settlement).
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sepa-batches'] });
      await queryClient.invalidateQueries({ queryKey: ['sepa-preview'] });
    },
  });
}
