import { formatEuros, type SepaBatch } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format';
import { useSepaBatches } from '../api/sepa-batches';
import { sepaMessages } from '../messages';

/** Past files, who made them and when, downloadable again. */
export function SepaBatchList({
  structureId,
  onDownload,
}: {
  structureId: number;
  onDownload: (batch: SepaBatch) => void;
}) {
  const batches = useSepaBatches(structureId);
  return (
    <>
      <Typography component="h4" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {sepaMessages.batchesTitle}
      </Typography>
      {batches.isError && <Alert severity="error">{sepaMessages.genericError}</Alert>}
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
                <TableCell />
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
                    {batch.fichierDisponible ? (
                      <Button size="small" onClick={() => onDownload(batch)}>
                        {sepaMessages.download}
                      </Button>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {sepaMessages.fileNotKept}
                      </Typography>
                    )}
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
