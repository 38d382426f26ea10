import { isJobFinished, type JobView } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { JobProgress } from '@/components/JobProgress';
import { PageLayout } from '@/components/PageLayout';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatInteger } from '@/lib/format';
import { cancelJob, JOB_POLL_MS, jobsQueryKey, listJobs } from '@/lib/jobs';
import { downloadJobResult } from '../api/download-job-result';
import { jobsMessages as m } from '../messages';

/**
 * 'Mes traitements' (R-JOB-03, R-JOB-04): the user's running and finished jobs, newest first,
 * with their progress (read again every second while one runs), 'Annuler', and the result to
 * download once done.
 */
export function MyJobsPage() {
  const jobs = useQuery({
    queryKey: jobsQueryKey,
    queryFn: ({ signal }) => listJobs(signal),
    refetchInterval: (query) =>
      query.state.data?.traitements.some((job) => !isJobFinished(job.statut)) ? JOB_POLL_MS : false,
  });
  return (
    <PageLayout title={m.title} backTo="gestion_des_finances__dashboard">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {m.intro}
      </Typography>
      {jobs.isPending && <LinearProgress aria-label={m.loading} />}
      {jobs.isError && (
        <ErrorAlert onRetry={() => void jobs.refetch()}>
          {(jobs.error instanceof ApiError && jobs.error.serverMessage) || m.loadFailed}
        </ErrorAlert>
      )}
      {jobs.isSuccess && jobs.data.traitements.length === 0 && <Alert severity="info">{m.empty}</Alert>}
      {jobs.isSuccess && jobs.data.traitements.length > 0 && (
        <Stack component="ul" aria-label={m.listLabel} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {jobs.data.traitements.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </Stack>
      )}
    </PageLayout>
  );
}

function JobRow({ job }: { job: JobView }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => cancelJob(job.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
    onError: (e) => setProblem((e instanceof ApiError && e.serverMessage) || m.cancelFailed),
  });
  const download = useMutation({
    mutationFn: () => downloadJobResult(job.id),
    onError: (e) => setProblem((e instanceof ApiError && e.serverMessage) || m.downloadFailed),
  });
  const entries = job.resultat?.nbEcritures;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1}>
        <JobProgress job={job} onCancel={() => cancel.mutate()} cancelling={cancel.isPending} />
        <Typography variant="caption" color="text.secondary">
          {m.requested(formatDateTime(job.creeLe))}
          {job.termineLe ? `, ${m.finished(formatDateTime(job.termineLe))}` : ''}
        </Typography>
        {job.statut === 'echoue' && job.erreur && <Alert severity="error">{job.erreur}</Alert>}
        {job.statut === 'termine' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            {typeof entries === 'number' && (
              <Typography variant="body2">{m.validated(formatInteger(entries))}</Typography>
            )}
            <Button size="small" variant="outlined" onClick={() => download.mutate()} loading={download.isPending}>
              {m.download}
            </Button>
          </Stack>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
      </Stack>
    </Paper>
  );
}
