import { bankEntryUrl, type BankEntryView, type ConfirmReconciliationBody } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** POST .../ecritures/{id}/rapprochement: the credit's parts; the flux they cover are settled. */
function confirmReconciliation(
  structureId: number,
  entryId: number,
  body: ConfirmReconciliationBody,
): Promise<BankEntryView> {
  return apiFetch<BankEntryView>(`${bankEntryUrl(entryId)}/rapprochement?structureId=${structureId}`, {
    method: 'POST',
    body,
  });
}

export function useConfirmReconciliation(structureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId: number; body: ConfirmReconciliationBody }) =>
      confirmReconciliation(structureId, entryId, body),
    // Refused or not, the entries, the counts and any flux cached elsewhere may have changed.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
