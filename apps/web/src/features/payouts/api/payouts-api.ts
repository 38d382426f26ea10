import {
  PAYOUTS_PATH,
  PAYOUTS_PREVIEW_PATH,
  type PayoutBatchView,
  type PayoutGenerateBody,
  type PayoutGenerated,
  type PayoutPreviewAnswer,
} from '@gdf/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

// The payout routes (R-PAY-05 to R-PAY-08). Their queries are strict, so the structure the
// caller acts for (the head office) goes in the X-Structure-Id header, not the query.
const PREVIEW_KEY = 'payout-preview';
const BATCHES_KEY = 'payout-batches';
/** The history shows the latest files only (the server's default page). */
export const PAYOUT_BATCHES_LIMIT = 50;

const actingFor = (structureId: number) => ({ 'X-Structure-Id': String(structureId) });

export interface PayoutPreviewQuery {
  au: string;
  remboursements: boolean;
}

export function usePayoutPreview(structureId: number, query: PayoutPreviewQuery, enabled: boolean) {
  return useQuery({
    queryKey: [PREVIEW_KEY, structureId, query],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ au: query.au, remboursements: query.remboursements ? 'oui' : 'non' });
      return apiFetch<PayoutPreviewAnswer>(`${PAYOUTS_PREVIEW_PATH}?${search}`, {
        signal,
        headers: actingFor(structureId),
      });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePayoutBatches(structureId: number) {
  return useQuery({
    queryKey: [BATCHES_KEY, structureId],
    queryFn: ({ signal }) =>
      apiFetch<PayoutBatchView[]>(`${PAYOUTS_PATH}?limit=${PAYOUT_BATCHES_LIMIT}&offset=0`, {
        signal,
        headers: actingFor(structureId),
      }),
  });
}

/** Generating or cancelling changes what is due and the history, refused or not (another user). */
function useRefreshPayouts() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: [PREVIEW_KEY] });
    await queryClient.invalidateQueries({ queryKey: [BATCHES_KEY] });
  };
}

export function useGeneratePayouts(structureId: number) {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (body: PayoutGenerateBody) =>
      apiFetch<PayoutGenerated>(PAYOUTS_PATH, { method: 'POST', body, headers: actingFor(structureId) }),
    onSettled: refresh,
  });
}

export type PayoutGeneration = ReturnType<typeof useGeneratePayouts>;

export function useCancelPayoutBatch(structureId: number) {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (batch: PayoutBatchView) =>
      apiFetch<PayoutBatchView>(`${PAYOUTS_PATH}/${batch.id}/annulation`, {
        method: 'POST',
        headers: actingFor(structureId),
      }),
    onSettled: refresh,
  });
}

/** GET …/:id/fichier with the session, saved under the file's recorded name. */
export async function downloadPayoutBatch(structureId: number, batch: Pick<PayoutBatchView, 'id' | 'fichier'>) {
  await downloadFile(`${PAYOUTS_PATH}/${batch.id}/fichier`, {
    fileName: batch.fichier,
    keepName: true,
    headers: actingFor(structureId),
  });
}
