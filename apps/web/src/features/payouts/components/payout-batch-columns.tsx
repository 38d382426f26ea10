import { formatEuros, type PayoutBatchView } from '@gdf/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ConfirmButton } from '@/components/ConfirmButton';
import type { DataColumn } from '@/components/DataTable';
import { formatDate, formatDateTime } from '@/lib/format';
import { payoutMessages } from '../messages';

export interface BatchActions {
  onDownload: (batch: PayoutBatchView) => void;
  onCancel: (batch: PayoutBatchView) => void;
  /** The batch being cancelled. */
  cancellingId: number | null;
}

/** 'Télécharger' and 'Annuler le lot' (asked first, R-PAY-07); a cancelled file has neither. */
function BatchButtons({ batch, actions }: { batch: PayoutBatchView; actions: BatchActions }) {
  if (batch.annuleLe) return null;
  const total = formatEuros(batch.totalCentimes);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        size="small"
        onClick={() => actions.onDownload(batch)}
        aria-label={payoutMessages.downloadLabel(batch.fichier)}
      >
        {payoutMessages.download}
      </Button>
      <ConfirmButton
        pending={actions.cancellingId === batch.id}
        pendingLabel={payoutMessages.cancelling}
        buttonProps={{ size: 'small', color: 'error', 'aria-label': payoutMessages.cancelBatchLabel(batch.fichier) }}
        title={payoutMessages.cancelTitle}
        text={payoutMessages.cancelText(batch.fichier, batch.nbVirements, total)}
        cancelLabel={payoutMessages.back}
        confirmLabel={payoutMessages.cancelBatch}
        confirmColor="error"
        onConfirm={() => actions.onCancel(batch)}
      >
        {payoutMessages.cancelBatch}
      </ConfirmButton>
    </Stack>
  );
}

/** A row is one line: the table scrolls sideways rather than wrap a file name or a date. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

export function payoutBatchColumns(actions: BatchActions): DataColumn<PayoutBatchView>[] {
  const columns: DataColumn<PayoutBatchView>[] = [
    { id: 'date', header: payoutMessages.date, cell: (batch) => formatDateTime(batch.creeLe) },
    { id: 'file', header: payoutMessages.file, cell: (batch) => batch.fichier, rowHeader: true },
    { id: 'execution', header: payoutMessages.execution, cell: (batch) => formatDate(batch.dateExecution) },
    { id: 'count', header: payoutMessages.transfers, cell: (batch) => batch.nbVirements, align: 'right' },
    { id: 'amount', header: payoutMessages.amount, cell: (batch) => formatEuros(batch.totalCentimes), align: 'right' },
    {
      id: 'state',
      header: payoutMessages.state,
      cell: (batch) =>
        batch.annuleLe ? payoutMessages.cancelledOn(formatDateTime(batch.annuleLe)) : payoutMessages.standing,
    },
    {
      id: 'actions',
      header: payoutMessages.actions,
      headerHidden: true,
      cell: (batch) => <BatchButtons batch={batch} actions={actions} />,
    },
  ];
  return columns.map((column) => ({ ...column, sx: ONE_LINE }));
}
