import type { Queryable } from '../../db/queryable';
import type { JobOwner } from './job-kind';
import type { JobRow } from './jobs.repository';

/** How jobs run in this process (job-runtime.ts), and how a job is stopped. */
/** How jobs run in this process (AppOptions.jobs; the defaults suit the server). */
export interface JobsSettings {
  /** Jobs of one kind this process runs at once (PGlite: 1, it has one connection). */
  concurrency: number;
  /** How often an idle worker looks for a job, in seconds. */
  pollingSeconds: number;
  /** How often a running job says it is alive. */
  heartbeatMs: number;
  /** A running job silent this long lost its worker (killed): it goes back to the queue. */
  staleSeconds: number;
  /** How often this process looks for such jobs. */
  sweepMs: number;
  /** First retry delay of a job that failed unexpectedly (then doubling). */
  retryDelaySeconds: number;
  /** How long a request that starts a job waits for its end before answering 202 with the job. */
  waitMs: number;
  /** Start the workers with the app (the server), not only at the first job (tests). */
  startWorkers: boolean;
  /** Tests only: awaited before each step of a job, e.g. to hold it mid-way. */
  beforeStep?: (job: { id: number; type: string; signal: AbortSignal }) => Promise<void>;
}

export const DEFAULT_JOBS_SETTINGS: JobsSettings = {
  concurrency: 2,
  pollingSeconds: 2,
  heartbeatMs: 5_000,
  staleSeconds: 60,
  sweepMs: 15_000,
  retryDelaySeconds: 2,
  waitMs: 3_000,
  startWorkers: false,
};

export type StopReason = 'annule' | 'arret' | 'perdu';

/** Thrown inside a job to stop it: cancelled, the server stops, or another attempt holds it. */
export class JobStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`traitement arrêté (${reason})`);
    this.name = 'JobStopped';
  }
}

export interface JobRuntime {
  readonly settings: JobsSettings;
  start(): Promise<void>;
  /** Hands running jobs back to the queue (each stops after its step, rolled back) and stops the workers. */
  stop(): Promise<void>;
  /** Records the job and puts it in the queue, in one transaction; 409 while the same key runs. */
  enqueue(type: string, owner: JobOwner, input: unknown, options: { label: string; key: string }): Promise<JobRow>;
  /**
   * The same, in the caller's transaction: the job exists exactly when what the caller writes
   * beside it commits (an e-mail's log row, R-MAIL-04). Call start() before, wake() after the commit.
   */
  enqueueWithin(
    tx: Queryable,
    type: string,
    owner: JobOwner,
    input: unknown,
    options: { label: string; key: string },
  ): Promise<JobRow>;
  /** Wakes this process's workers of `type` (after enqueueWithin's transaction committed). */
  wake(type: string): void;
  /** The job once finished, or as it stands after `ms`. */
  waitFor(id: number, ms: number): Promise<JobRow>;
  /** Stops the job at once if this process runs it (its step rolls back). */
  abortHere(id: number): void;
}

export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}
