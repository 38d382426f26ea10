import { formatEuros, SEPA_BATCH_STATE_LABELS, SEPA_WRITE, type SepaBatch } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/components/visually-hidden';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCancelSepaBatch } from '../api/cancel-sepa-batch';
import { useSepaBatches } from '../api/sepa-batches';
import { sepaMessages } from '../messages';
import { SepaBatchCancel } from './SepaBatchCancel';

const errorText = (error: unknown) => (error instanceof ApiError && error.serverMessage) || sepaMessages.genericError;

/**
 * Past files, who made them and when, downloadable again; a batch not yet answered for by
 * the bank can be cancelled by whoever holds the SEPA write grant (the server checks again).
 */
export function SepaBatchList({
  structureId,
  onDownload,
}: {
  structureId: number;
  onDownload: (batch: SepaBatch) => void;
}) {
  const { me, grants } = useSession();
  const mayCancel = me.isSuperAdmin || grants.includes(SEPA_WRITE);
  const batches = useSepaBatches(structureId);
  const cancellation = useCancelSepaBatch(structureId);
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {sepaMessages.batchesTitle}
      </Typography>
      {batches.isError && <Alert severity="error">{sepaMessages.genericError}</Alert>}
      {cancellation.isSuccess && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {sepaMessages.cancelBatchDone(
            batches.data?.find((b) => b.id === cancellation.data.id)?.NomFichier ?? String(cancellation.data.id),
            cancellation.data.nbFluxLiberes,
          )}
        </Alert>
      )}
      {cancellation.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(cancellation.error)}
        </Alert>
      )}
      {batches.data?.length === 0 && <Alert severity="info">{sepaMessages.noBatches}</Alert>}
      {batches.data && batches.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={sepaMessages.batchesLabel}>
            <TableHead>
              <TableRow>
                <TableCell>{sepaMessages.batchFile}</TableCell>
                <TableCell>{sepaMessages.batchDate}</TableCell>
                <TableCell>{sepaMessages.batchAuthor}</TableCell>
                <TableCell align="right">{sepaMessages.fluxCount}</TableCell>
                <TableCell align="right">{sepaMessages.amount}</TableCell>
                <TableCell>{sepaMessages.batchStatus}</TableCell>
                <TableCell sx={{ position: 'relative' }}>
                  <Box component="span" sx={visuallyHidden}>
                    {sepaMessages.batchActions}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {batches.data.map((batch) => (
                <TableRow key={batch.id}>
                  <TableCell>{batch.NomFichier}</TableCell>
                  <TableCell>{formatDateTime(batch.Z_DateCreation)}</TableCell>
                  <TableCell>{batch.auteur || '—'}</TableCell>
                  <TableCell align="right">{batch.nbFlux}</TableCell>
                  <TableCell align="right">{formatEuros(batch.totalCents)}</TableCell>
                  <TableCell>
                    {batch.annuleLe ? (
                      <>
                        <Chip size="small" color="warning" variant="outlined" label={sepaMessages.batchCancelled} />
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {sepaMessages.batchCancelledBy(formatDateTime(batch.annuleLe), batch.annulePar ?? '')}
                        </Typography>
                      </>
                    ) : (
                      <SepaBatchState batch={batch} />
                    )}
                  </TableCell>
                  <TableCell>
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
                      {mayCancel && batch.annulable && (
                        <SepaBatchCancel
                          batch={batch}
                          pending={cancellation.isPending && cancellation.variables === batch.id}
                          onConfirm={(b) => cancellation.mutate(b.id)}
                        />
                      )}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
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
