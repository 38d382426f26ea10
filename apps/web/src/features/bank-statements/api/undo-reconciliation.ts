import { bankEntryUrl, type BankEntryView } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** DELETE .../ecritures/{id}/rapprochement: 'Annuler le rapprochement'. */
function undoReconciliation(structureId: number, entryId: number): Promise<BankEntryView> {
  return apiFetch<BankEntryView>(`${bankEntryUrl(entryId)}/rapprochement?structureId=${structureId}`, {
    method: 'DELETE',
  });
}

export function useUndoReconciliation(structureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => undoReconciliation(structureId, entryId),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
