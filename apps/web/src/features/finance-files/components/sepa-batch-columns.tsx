import { formatEuros, SEPA_BATCH_STATE_LABELS, type SepaBatch } from '@gdf/domain';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DataColumn } from '@/components/DataTable';
import { formatDate, formatDateTime } from '@/lib/format';
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
    <>
      <Chip size="small" color="warning" variant="outlined" label={sepaMessages.batchCancelled} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {sepaMessages.batchCancelledBy(formatDateTime(batch.annuleLe), batch.annulePar ?? '')}
      </Typography>
    </>
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

export const batchColumns = (
  onDownload: (batch: SepaBatch) => void,
  cancelling: Cancelling | false,
): DataColumn<SepaBatch>[] => [
  { id: 'file', header: sepaMessages.batchFile, cell: (batch) => batch.NomFichier },
  { id: 'date', header: sepaMessages.batchDate, cell: (batch) => formatDateTime(batch.Z_DateCreation) },
  { id: 'author', header: sepaMessages.batchAuthor, cell: (batch) => batch.auteur || '—' },
  { id: 'count', header: sepaMessages.fluxCount, cell: (batch) => batch.nbFlux, align: 'right' },
  { id: 'amount', header: sepaMessages.amount, cell: (batch) => formatEuros(batch.totalCents), align: 'right' },
  { id: 'status', header: sepaMessages.batchStatus, cell: (batch) => <BatchStatus batch={batch} /> },
  {
    id: 'actions',
    header: sepaMessages.batchActions,
    headerHidden: true,
    cell: (batch) => <BatchActions batch={batch} onDownload={onDownload} cancelling={cancelling} />,
  },
];

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
    <>
      <Chip
        size="small"
        variant="outlined"
        color={STATE_COLORS[batch.etat]}
        label={SEPA_BATCH_STATE_LABELS[batch.etat]}
      />
      {lines.map((line) => (
        <Typography key={line} variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {line}
        </Typography>
      ))}
    </>
  );
}
