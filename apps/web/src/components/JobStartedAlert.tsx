import { isJobFinished, type JobView } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, type ReactNode } from 'react';
import { useJob } from '@/lib/jobs';
import { JobProgress } from './JobProgress';
import { RouteLink } from './RouteLink';
import { componentMessages as m } from './messages';

/**
 * Work that went to the background (R-JOB-05 to R-JOB-09): the feature's French confirmation,
 * the job's progress as it moves, and the way to 'Mes traitements', where its result downloads.
 * `onFinished` runs once when the job ends (a list to read again).
 */
export function JobStartedAlert({
  job,
  children,
  onFinished,
}: {
  job: JobView;
  children: ReactNode;
  onFinished?: (job: JobView) => void;
}) {
  const current = useJob(job.id, job).data ?? job;
  const told = useRef(false);
  const finished = isJobFinished(current.statut);
  useEffect(() => {
    if (!finished || told.current) return;
    told.current = true;
    onFinished?.(current);
  }, [finished, current, onFinished]);
  return (
    <Alert severity={current.statut === 'echoue' ? 'error' : 'success'} role="status">
      <Stack spacing={1}>
        <span>{children}</span>
        <JobProgress job={current} />
        {current.statut === 'echoue' && current.erreur && <span>{current.erreur}</span>}
        <RouteLink to="mes_traitements" variant="body2">
          {m.jobFollow}
        </RouteLink>
      </Stack>
    </Alert>
  );
}
