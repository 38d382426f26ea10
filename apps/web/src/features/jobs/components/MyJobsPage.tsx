import { isJobFinished, JOB_KIND, type JobView } from '@gdf/domain';
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
        <ErrorAlert error={jobs.error} onRetry={() => void jobs.refetch()}>
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
  const outcome = jobOutcomeText(job);
  const leftOut = leftOutStructures(job);
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
            {outcome && <Typography variant="body2">{outcome}</Typography>}
            <Button size="small" variant="outlined" onClick={() => download.mutate()} loading={download.isPending}>
              {m.download}
            </Button>
          </Stack>
        )}
        {leftOut.length > 0 && (
          <Alert severity="info">
            {m.leftOut}
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {leftOut.map((item) => (
                <li key={item.structureId}>{m.leftOutLine(item.structure, item.raison)}</li>
              ))}
            </ul>
          </Alert>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
      </Stack>
    </Paper>
  );
}

const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
const int = (value: unknown) => formatInteger(typeof value === 'number' ? value : 0);

/** What a finished job left, in one French line by its kind (R-JOB-04); null when it says nothing more. */
function jobOutcomeText(job: JobView): string | null {
  const result = job.resultat;
  if (job.statut !== 'termine' || !result) return null;
  switch (job.type) {
    case JOB_KIND.validation:
      return typeof result.nbEcritures === 'number' ? m.validated(int(result.nbEcritures)) : null;
    case JOB_KIND.documentPack:
      return m.packed(int(result.documents));
    case JOB_KIND.statements:
      return m.statementsIssued(formatInteger(count(result.emis)), formatInteger(count(result.ignores)));
    case JOB_KIND.bankImport: {
      const releves = Array.isArray(result.releves) ? (result.releves as Array<{ nbEcrituresAjoutees?: number }>) : [];
      const added = releves.reduce((sum, releve) => sum + (releve.nbEcrituresAjoutees ?? 0), 0);
      return m.importedEntries(formatInteger(added), int(result.nbPropositionsSures));
    }
    case JOB_KIND.reminders:
      return m.remindersIssued(formatInteger(count(result.emises)), formatInteger(count(result.ignorees)));
    default:
      return null;
  }
}

/** Structures a batch left out, with the reason (relevés over their quota, letters issued meanwhile). */
function leftOutStructures(job: JobView): Array<{ structureId: number; structure: string; raison: string }> {
  const list = job.resultat?.ignores ?? job.resultat?.ignorees;
  return job.statut === 'termine' && Array.isArray(list)
    ? (list as Array<{ structureId: number; structure: string; raison: string }>)
    : [];
}
