import { isJobFinished, jobUrl, JOBS_URL, type JobView, type JobsResponse } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * Durable jobs ('traitements', R-JOB-01): a long validation (and later packs, imports...)
 * answers 202 with its job, which any page follows here, and 'Mes traitements' lists.
 */
export const jobsQueryKey = ['traitements'] as const;
const jobQueryKey = (id: number) => ['traitements', id] as const;

/** A running job is read again this often: its progress moves step by step. */
export const JOB_POLL_MS = 1_000;

export const listJobs = (signal?: AbortSignal) => apiFetch<JobsResponse>(JOBS_URL, { signal });
const getJob = (id: number, signal?: AbortSignal) => apiFetch<JobView>(jobUrl(id), { signal });
/** A waiting job is cancelled at once; a running one stops after its step (rolled back). */
export const cancelJob = (id: number) => apiFetch<JobView>(`${jobUrl(id)}/annulation`, { method: 'POST' });

/** A request's answer that is a job to follow (202) rather than its result. */
export function acceptedJob(answer: unknown): JobView | null {
  const job = (answer as { traitement?: JobView } | null)?.traitement;
  return job && typeof job.id === 'number' ? job : null;
}

/** One job, read again every second until it is over. */
export function useJob(id: number | null, initial?: JobView) {
  return useQuery({
    queryKey: jobQueryKey(id ?? 0),
    queryFn: ({ signal }) => getJob(id!, signal),
    enabled: id !== null,
    ...(initial ? { initialData: initial } : {}),
    refetchInterval: (query) => (query.state.data && isJobFinished(query.state.data.statut) ? false : JOB_POLL_MS),
  });
}
