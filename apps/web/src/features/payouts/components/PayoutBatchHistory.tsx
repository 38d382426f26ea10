import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable } from '@/components/DataTable';
import { ErrorAlert } from '@/components/ErrorAlert';
import { QueryFailure } from '@/components/QueryFailure';
import { formErrorText } from '@/lib/api-client';
import { downloadPayoutBatch, PAYOUT_BATCHES_LIMIT, useCancelPayoutBatch, usePayoutBatches } from '../api/payouts-api';
import { payoutMessages } from '../messages';
import { payoutBatchColumns } from './payout-batch-columns';

/** 'Fichiers de virements générés': the latest files, downloadable again, cancellable (R-PAY-07). */
export function PayoutBatchHistory({ structureId }: { structureId: number }) {
  const batches = usePayoutBatches(structureId);
  const cancellation = useCancelPayoutBatch(structureId);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const rows = batches.data ?? [];
  const columns = payoutBatchColumns({
    onDownload: (batch) => {
      setDownloadError(null);
      downloadPayoutBatch(structureId, batch).catch((error: unknown) =>
        setDownloadError(formErrorText(error, payoutMessages.genericError)),
      );
    },
    onCancel: (batch) => cancellation.mutate(batch),
    cancellingId: cancellation.isPending ? (cancellation.variables?.id ?? null) : null,
  });
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 4, mb: 1 }}>
        {payoutMessages.historyTitle}
      </Typography>
      {cancellation.isSuccess && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {payoutMessages.cancelDone(cancellation.data.fichier)}
        </Alert>
      )}
      {cancellation.isError && (
        <ErrorAlert sx={{ mb: 1 }}>{formErrorText(cancellation.error, payoutMessages.genericError)}</ErrorAlert>
      )}
      {downloadError && <ErrorAlert sx={{ mb: 1 }}>{downloadError}</ErrorAlert>}
      {batches.isError ? (
        <QueryFailure
          error={batches.error}
          fallback={payoutMessages.historyError}
          onRetry={() => void batches.refetch()}
        />
      ) : (
        <DataTable
          label={payoutMessages.historyLabel}
          rows={rows}
          rowKey={(batch) => batch.id}
          columns={columns}
          loading={batches.isPending}
          loadingLabel={payoutMessages.historyLoading}
          empty={payoutMessages.noBatches}
        />
      )}
      {rows.length >= PAYOUT_BATCHES_LIMIT && (
        <Typography variant="caption" color="text.secondary">
          {payoutMessages.latestOnly(PAYOUT_BATCHES_LIMIT)}
        </Typography>
      )}
    </>
  );
}
