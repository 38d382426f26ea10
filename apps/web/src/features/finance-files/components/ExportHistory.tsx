import type { ExportHistoryItem } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ApiError, formErrorText } from '@/lib/api-client';
import { formatDate, formatDateTime, formatInteger } from '@/lib/format';
import { useCurrentStructure } from '@/lib/session';
import { downloadHistoryFile, exportHistoryQueryKey, getExportHistory } from '../api/export-history-api';
import { sageExportMessages as m } from '../messages';
import { formatFileSize } from './file-size';

const HASH_SHOWN = 12;

const nowrap = { whiteSpace: 'nowrap' } as const;

const historyColumns = (
  downloading: number | null,
  onDownload: (file: ExportHistoryItem) => void,
): DataColumn<ExportHistoryItem>[] => [
  { id: 'date', header: m.historyDate, cell: (file) => formatDateTime(file.date), sx: nowrap },
  { id: 'format', header: m.historyFormat, cell: (file) => m.formatNames[file.format] },
  {
    id: 'period',
    header: m.historyPeriod,
    cell: (file) => m.historyPeriodRange(formatDate(file.du), formatDate(file.au)),
    sx: nowrap,
  },
  {
    id: 'journals',
    header: m.historyJournals,
    cell: (file) => (file.journaux?.length ? file.journaux.join(', ') : m.historyAllJournals),
  },
  {
    id: 'status',
    header: m.historyStatus,
    cell: (file) => (
      <Chip
        size="small"
        color={file.valide ? 'success' : 'warning'}
        variant="outlined"
        label={file.valide ? m.statusValidated : m.statusDraft}
      />
    ),
  },
  { id: 'user', header: m.historyUser, cell: (file) => file.utilisateur },
  { id: 'size', header: m.historySize, cell: (file) => formatFileSize(file.taille), align: 'right', sx: nowrap },
  { id: 'entries', header: m.historyEntries, cell: (file) => formatInteger(file.nbEcritures), align: 'right' },
  {
    id: 'sha',
    header: m.historySha,
    // Focusable, so the full hash can be read from the keyboard too.
    cell: (file) => (
      <Tooltip title={file.sha256} describeChild>
        <Box component="span" tabIndex={0} sx={{ fontFamily: 'monospace' }}>
          {file.sha256.slice(0, HASH_SHOWN)}
        </Box>
      </Tooltip>
    ),
  },
  {
    id: 'file',
    header: m.historyFile,
    headerHidden: true,
    cell: (file) => (
      <Button
        size="small"
        aria-label={m.downloadLabel(file.nomFichier)}
        loading={downloading === file.id}
        onClick={() => onDownload(file)}
      >
        {m.download}
      </Button>
    ),
  },
];

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
        <ErrorAlert error={history.error} onRetry={() => void history.refetch()}>
          {(history.error instanceof ApiError && history.error.serverMessage) || m.historyError}
        </ErrorAlert>
      )}
      {download.isError && <Alert severity="error">{formErrorText(download.error, m.genericError)}</Alert>}
      {files?.length === 0 && <Alert severity="info">{m.historyEmpty}</Alert>}
      {files && files.length > 0 && (
        <DataTable
          label={m.historyLabel}
          columns={historyColumns(download.isPending ? download.variables.id : null, download.mutate)}
          rows={files}
          rowKey={(file) => file.id}
        />
      )}
    </Stack>
  );
}
