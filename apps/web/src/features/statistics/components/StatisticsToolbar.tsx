import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/ErrorAlert';
import { formErrorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentStructure } from '@/lib/session';
import { downloadStatisticsExport } from '../api/statistics-api';
import type { StatisticsUrlFilters } from '../api/statistics-types';
import { statisticsMessages as m } from '../messages';

/** How fresh the figures are ('À jour au …') and 'Exporter (xlsx)' of the same filters. */
export function StatisticsToolbar({ filters, aJourAu }: { filters: StatisticsUrlFilters; aJourAu: string | null }) {
  const { structureId } = useCurrentStructure();
  const exporting = useMutation({ mutationFn: () => downloadStatisticsExport(structureId, filters) });
  return (
    <Stack spacing={1}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary" role="status">
          {aJourAu ? m.freshness(formatDateTime(aJourAu)) : ''}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          loading={exporting.isPending}
          loadingPosition="start"
          onClick={() => exporting.mutate()}
        >
          {exporting.isPending ? m.exporting : m.export}
        </Button>
      </Stack>
      {exporting.isError && (
        <ErrorAlert error={exporting.error} onRetry={() => exporting.mutate()}>
          {formErrorText(exporting.error, m.exportError)}
        </ErrorAlert>
      )}
    </Stack>
  );
}
