import { JOB_STATUS_LABELS, type JobView } from '@gdf/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatInteger } from '@/lib/format';
import { componentMessages as m } from './messages';

/** How far a job got: 0-100 when its total is known, else null (an indeterminate bar). */
function jobPercent(job: Pick<JobView, 'fait' | 'total' | 'statut'>): number | null {
  if (job.statut === 'termine') return 100;
  if (job.total === null || job.total <= 0) return null;
  return Math.min(100, Math.round((job.fait / job.total) * 100));
}

/**
 * A job's progress (R-JOB-01): its bar, 'fait / total', the step it is in, and 'Annuler' while
 * it can be. The bar is labelled by the job's name for screen readers.
 */
export function JobProgress({
  job,
  onCancel,
  cancelling = false,
}: {
  job: JobView;
  onCancel?: () => void;
  cancelling?: boolean;
}) {
  const labelId = useId();
  const percent = jobPercent(job);
  const running = job.statut === 'en_attente' || job.statut === 'en_cours';
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Typography id={labelId} variant="body2">
        {job.libelle} — {job.annulationDemandee && running ? m.jobCancelling : JOB_STATUS_LABELS[job.statut]}
      </Typography>
      {running && (
        <LinearProgress
          aria-labelledby={labelId}
          variant={percent === null ? 'indeterminate' : 'determinate'}
          {...(percent === null ? {} : { value: percent })}
        />
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">
          {job.total === null ? m.jobWaitingTotal : m.jobCount(formatInteger(job.fait), formatInteger(job.total))}
          {job.etape && running ? ` · ${job.etape}` : ''}
        </Typography>
        {onCancel && job.annulable && (
          <Button size="small" color="warning" onClick={onCancel} loading={cancelling}>
            {m.jobCancel}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
