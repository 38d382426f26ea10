import type { ExportHistoryItem } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ApiError, formErrorText } from '@/lib/api-client';
import { formatDate, formatDateTime, formatInteger } from '@/lib/format';
import { useCurrentStructure } from '@/lib/session';
import { downloadHistoryFile, exportHistoryQueryKey, getExportHistory } from '../api/export-history-api';
import { sageExportMessages as m } from '../messages';
import { formatFileSize } from './file-size';

const HASH_SHOWN = 12;

/** 'Historique des fichiers': every SAGE / FEC file produced, downloadable again with the same bytes. */
export function ExportHistory() {
  const { structureId } = useCurrentStructure();
  const queryClient = useQueryClient();
  const headingId = useId();
  const history = useQuery({
    queryKey: exportHistoryQueryKey(structureId),
    queryFn: ({ signal }) => getExportHistory(structureId, signal),
  });
  const download = useMutation({
    mutationFn: (item: ExportHistoryItem) => downloadHistoryFile(structureId, item),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportHistoryQueryKey(structureId) }),
  });
  const files = history.data?.fichiers;
  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        {m.historyTitle}
      </Typography>
      {history.isPending && <LinearProgress aria-label={m.historyLoading} />}
      {history.isError && (
        <ErrorAlert onRetry={() => void history.refetch()}>
          {(history.error instanceof ApiError && history.error.serverMessage) || m.historyError}
        </ErrorAlert>
      )}
      {download.isError && <Alert severity="error">{formErrorText(download.error, m.genericError)}</Alert>}
      {files?.length === 0 && <Alert severity="info">{m.historyEmpty}</Alert>}
      {files && files.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={m.historyLabel}>
            <TableHead>
              <TableRow>
                <TableCell>{m.historyDate}</TableCell>
                <TableCell>{m.historyFormat}</TableCell>
                <TableCell>{m.historyPeriod}</TableCell>
                <TableCell>{m.historyJournals}</TableCell>
                <TableCell>{m.historyStatus}</TableCell>
                <TableCell>{m.historyUser}</TableCell>
                <TableCell align="right">{m.historySize}</TableCell>
                <TableCell align="right">{m.historyEntries}</TableCell>
                <TableCell>{m.historySha}</TableCell>
                <TableCell sx={{ position: 'relative' }}>
                  <Box component="span" sx={visuallyHidden}>
                    {m.historyFile}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {files.map((file) => (
                <TableRow key={file.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.date)}</TableCell>
                  <TableCell>{m.formatNames[file.format]}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {m.historyPeriodRange(formatDate(file.du), formatDate(file.au))}
                  </TableCell>
                  <TableCell>{file.journaux?.length ? file.journaux.join(', ') : m.historyAllJournals}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={file.valide ? 'success' : 'warning'}
                      variant="outlined"
                      label={file.valide ? m.statusValidated : m.statusDraft}
                    />
                  </TableCell>
                  <TableCell>{file.utilisateur}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatFileSize(file.taille)}
                  </TableCell>
                  <TableCell align="right">{formatInteger(file.nbEcritures)}</TableCell>
                  <TableCell>
                    {/* Focusable, so the full hash can be read from the keyboard too. */}
                    <Tooltip title={file.sha256} describeChild>
                      <Box component="span" tabIndex={0} sx={{ fontFamily: 'monospace' }}>
                        {file.sha256.slice(0, HASH_SHOWN)}
                      </Box>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      aria-label={m.downloadLabel(file.nomFichier)}
                      loading={download.isPending && download.variables.id === file.id}
                      onClick={() => download.mutate(file)}
                    >
                      {m.download}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
