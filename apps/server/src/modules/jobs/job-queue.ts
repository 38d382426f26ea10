import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { pgBossDb, underInstallLock } from './job-queue.repository';

/**
 * The queue under durable jobs: pg-boss (ADR 0050), on PostgreSQL and on PGlite alike, through
 * our Database handle rather than a pool of its own: parameterised statements go through
 * `query`, its multi-statement scripts (schema, BEGIN...COMMIT maintenance) through `script`.
 * On PGlite they wait their turn like any other statement, between a job's steps.
 */
export interface JobQueueSettings {
  /** How often an idle worker looks for a job, in seconds (pg-boss: 0.5 at least). */
  pollingSeconds: number;
  /** Retries of a job that failed unexpectedly, the first after `retryDelaySeconds`, doubling. */
  retryDelaySeconds: number;
}

export type QueueJob = PgBoss.JobWithMetadata<{ traitement: number }>;

export interface JobQueue {
  start(): Promise<void>;
  createQueue(name: string, retryLimit: number, retryDelaySeconds?: number): Promise<void>;
  /** In the caller's transaction: the job exists in the queue exactly when its row does. */
  send(tx: Queryable, name: string, queueId: string, jobId: number): Promise<void>;
  work(name: string, handler: (job: QueueJob) => Promise<void>): Promise<string>;
  /** Wakes this process's workers of `name` now instead of at their next poll. */
  wake(name: string): void;
  /** Back to the queue for a retry after its delay (or failed when its retries are spent). */
  fail(name: string, queueId: string, reason: string): Promise<void>;
  cancel(name: string, queueId: string): Promise<void>;
  state(name: string, queueId: string): Promise<string | null>;
  stop(): Promise<void>;
}

/** No job outlives this many hours in pg-boss's eyes; our heartbeat finds dead workers long before. */
const EXPIRE_HOURS = 23;

/**
 * Instances starting together would each install pg-boss's schema and create its queues: its own
 * lock comes too late for CREATE SCHEMA (a duplicate key), and two `create_queue` calls deadlock
 * on the partition they both create. The first instance does it, the others wait for it; within
 * an instance one at a time too, so waiting never holds more than one pooled connection.
 */
function oneInstanceAtATime(database: Database) {
  let previous: Promise<unknown> = Promise.resolve();
  return (work: () => Promise<unknown>): Promise<void> => {
    const turn = previous.then(() => underInstallLock(database, work));
    previous = turn.catch(() => undefined);
    return turn;
  };
}

export function createJobQueue(
  database: Database,
  settings: JobQueueSettings,
  onError: (error: unknown) => void,
): JobQueue {
  const boss = new PgBoss({
    db: pgBossDb(database),
    schedule: false,
    supervise: true,
    // Maintenance (expiry, archiving) now and then; our own sweep hands back dead workers' jobs.
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', onError);
  const workersByQueue = new Map<string, string[]>();
  const installing = oneInstanceAtATime(database);
  return {
    async start() {
      await installing(() => boss.start());
    },
    async createQueue(name, retryLimit, retryDelaySeconds = settings.retryDelaySeconds) {
      await installing(() =>
        boss.createQueue(name, {
          name,
          retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: EXPIRE_HOURS * 3600,
        }),
      );
    },
    async send(tx, name, queueId, jobId) {
      await boss.send(name, { traitement: jobId }, { id: queueId, db: pgBossDb(tx) });
    },
    async work(name, handler) {
      let id: string | null = null;
      id = await boss.work<{ traitement: number }>(
        name,
        { batchSize: 1, pollingIntervalSeconds: settings.pollingSeconds, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          try {
            await handler(job);
          } finally {
            // A worker that just ran a job looks for the next one at once instead of waiting out
            // its polling interval: a backlog (a thousand e-mails, R-MAIL-04) drains at the jobs'
            // own pace, not one job per worker every interval. An empty fetch then waits as usual.
            if (id) boss.notifyWorker(id);
          }
        },
      );
      workersByQueue.set(name, [...(workersByQueue.get(name) ?? []), id]);
      return id;
    },
    wake(name) {
      for (const id of workersByQueue.get(name) ?? []) boss.notifyWorker(id);
    },
    async fail(name, queueId, reason) {
      await boss.fail(name, queueId, { message: reason });
    },
    async cancel(name, queueId) {
      await boss.cancel(name, queueId);
    },
    async state(name, queueId) {
      const job = await boss.getJobById(name, queueId, { includeArchive: true });
      return job?.state ?? null;
    },
    async stop() {
      // Our handlers return at their next step once told to stop (the runtime aborts them first).
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}

export const newQueueId = () => randomUUID();
