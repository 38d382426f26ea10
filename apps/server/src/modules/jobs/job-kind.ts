import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';

/** Who asked for a job and for which structure: it belongs to them (R-JOB-03). */
export interface JobOwner {
  userId: number | null;
  structureId: number;
}

export interface JobProgress {
  done: number;
  total: number | null;
  /** The step running now, in French. */
  step: string | null;
}

/** What a step commits with its effects: where the job resumes, and what the user sees. */
interface StepOutcome<Checkpoint, T> {
  checkpoint: Checkpoint;
  progress: JobProgress;
  value: T;
}

/**
 * What a job leaves once done: its summary (JSON), and a file when it makes one: its bytes, or
 * a DOC_Contenu row its steps already stored (a ZIP built a part per step, job-zip.ts).
 */
export interface JobOutcome {
  summary: Record<string, unknown>;
  file?: { name: string; mimeType: string; bytes: Buffer } | { name: string; contentId: number };
}

/** What a kind's run() gets: its input, where it stopped last time, and how to take a step. */
export interface JobContext<Input, Checkpoint> {
  id: number;
  input: Input;
  owner: JobOwner;
  /** The checkpoint of the last step committed, by any attempt; null on a first start. */
  checkpoint: Checkpoint | null;
  /** The database as background work uses it: on PostgreSQL without parallel workers (R-OPS-14). */
  database: Database;
  /** Aborted when the user cancels (asked in this process) or the server stops. */
  signal: AbortSignal;
  /**
   * One step, in one transaction on `on` (the database or a session): its checkpoint and
   * progress commit with its effects, only while this attempt still holds the job and nobody
   * asked to cancel it; otherwise everything it wrote rolls back (R-JOB-02).
   */
  step<T>(on: Pick<Database, 'transaction'>, work: (tx: Queryable) => Promise<StepOutcome<Checkpoint, T>>): Promise<T>;
  /** Progress shown while preparing (nothing to resume from: no checkpoint). */
  report(progress: JobProgress): Promise<void>;
  /** Throws when the job must stop now (cancelled, or the server stops): call between bounded pieces of work. */
  throwIfStopped(): void;
}

/**
 * A kind of job: its queue, how it runs, and what it records when it stops unfinished. `run`
 * must be resumable: called again after a crash with the last committed checkpoint, it ends
 * with the same effects as an uninterrupted run (idempotent steps keyed by what they write).
 * An error with a 4xx `statusCode` is a refusal (the job fails, not retried); any other is
 * retried with backoff, up to `retryLimit` attempts.
 */
export interface JobKind<Input = unknown, Checkpoint = unknown> {
  /** Also the pg-boss queue's name. */
  type: string;
  retryLimit: number;
  /** First retry delay of this kind (then doubling); default the runtime's retryDelaySeconds. */
  retryDelaySeconds?: number;
  /** Jobs of this kind one process runs at once; default the runtime's concurrency (PGlite: always 1). */
  concurrency?: number;
  run(context: JobContext<Input, Checkpoint>): Promise<JobOutcome>;
  /** Written with the cancellation or the failure: e.g. the audit row of what was done. */
  onStop?(tx: Queryable, context: StopContext<Input, Checkpoint>): Promise<void>;
}

interface StopContext<Input, Checkpoint> {
  id: number;
  input: Input;
  owner: JobOwner;
  checkpoint: Checkpoint | null;
  outcome: 'annule' | 'echoue';
}
