import { formatEuros, SEPA_BATCH_STATE_LABELS, type SepaBatch, type SepaBatchSort } from '@gdf/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DataColumn } from '@/components/DataTable';
import { formatDate, formatDateTime } from '@/lib/format';
import type { ColumnSort } from '../hooks/use-sepa-batch-page';
import { sepaMessages } from '../messages';
import { SepaBatchCancel } from './SepaBatchCancel';

export interface Cancelling {
  /** The batch being cancelled. */
  pendingId: number | null;
  onCancel: (batch: SepaBatch) => void;
}

function BatchStatus({ batch }: { batch: SepaBatch }) {
  if (!batch.annuleLe) return <SepaBatchState batch={batch} />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip size="small" color="warning" variant="outlined" label={sepaMessages.batchCancelled} />
      <Typography variant="caption" color="text.secondary">
        {sepaMessages.batchCancelledBy(formatDateTime(batch.annuleLe), batch.annulePar ?? '')}
      </Typography>
    </Stack>
  );
}

function BatchActions({
  batch,
  onDownload,
  cancelling,
}: {
  batch: SepaBatch;
  onDownload: (batch: SepaBatch) => void;
  cancelling: Cancelling | false;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {batch.fichierDisponible ? (
        <Button size="small" onClick={() => onDownload(batch)}>
          {sepaMessages.download}
        </Button>
      ) : (
        !batch.annuleLe && (
          <Typography variant="body2" color="text.secondary">
            {sepaMessages.fileNotKept}
          </Typography>
        )
      )}
      {cancelling && batch.annulable && (
        <SepaBatchCancel batch={batch} pending={cancelling.pendingId === batch.id} onConfirm={cancelling.onCancel} />
      )}
    </Stack>
  );
}

/** R-UI-20: a row is one line; the table scrolls sideways rather than wrap a file name or a date. */
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

export function batchColumns(
  onDownload: (batch: SepaBatch) => void,
  cancelling: Cancelling | false,
  sortOf: (sort: SepaBatchSort) => ColumnSort,
): DataColumn<SepaBatch>[] {
  const columns: DataColumn<SepaBatch>[] = [
    { id: 'file', header: sepaMessages.batchFile, cell: (batch) => batch.NomFichier, sort: sortOf('fichier') },
    {
      id: 'date',
      header: sepaMessages.batchDate,
      cell: (batch) => formatDateTime(batch.Z_DateCreation),
      sort: sortOf('date'),
    },
    { id: 'author', header: sepaMessages.batchAuthor, cell: (batch) => batch.auteur || '—', sort: sortOf('auteur') },
    {
      id: 'count',
      header: sepaMessages.fluxCount,
      cell: (batch) => batch.nbFlux,
      align: 'right',
      sort: sortOf('flux'),
    },
    {
      id: 'amount',
      header: sepaMessages.amount,
      cell: (batch) => formatEuros(batch.totalCents),
      align: 'right',
      sort: sortOf('montant'),
    },
    { id: 'status', header: sepaMessages.batchStatus, cell: (batch) => <BatchStatus batch={batch} /> },
    {
      id: 'actions',
      header: sepaMessages.batchActions,
      headerHidden: true,
      cell: (batch) => <BatchActions batch={batch} onDownload={onDownload} cancelling={cancelling} />,
    },
  ];
  return columns.map((column) => ({ ...column, sx: ONE_LINE }));
}

const STATE_COLORS = {
  genere: 'default',
  annule: 'warning',
  rejete_partiel: 'error',
  rejete: 'error',
  rejets_relances: 'info',
} as const;

/** R-RET-07: the batch's state, its collection date and what became of its debits. */
function SepaBatchState({ batch }: { batch: SepaBatch }) {
  const lines = [
    batch.dateEcheance && sepaMessages.batchDue(formatDate(batch.dateEcheance)),
    sepaMessages.batchCollected(batch.preleves.nb, formatEuros(batch.preleves.cents)),
    batch.rejetes.nb > 0 && sepaMessages.batchRejected(batch.rejetes.nb, formatEuros(batch.rejetes.cents)),
    batch.relances.nb > 0 && sepaMessages.batchRelaunched(batch.relances.nb, formatEuros(batch.relances.cents)),
  ].filter((line): line is string => Boolean(line));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip
        size="small"
        variant="outlined"
        color={STATE_COLORS[batch.etat]}
        label={SEPA_BATCH_STATE_LABELS[batch.etat]}
      />
      <Typography variant="caption" color="text.secondary">
        {lines.join(' · ')}
      </Typography>
    </Stack>
  );
}
