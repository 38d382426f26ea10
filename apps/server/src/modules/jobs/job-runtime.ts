import { isJobFinished } from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import { backgroundLane } from '../../db/background-lane';
import type { Database } from '../../db/database';
import { uniqueViolation } from '../../db/database-errors';
import type { Queryable } from '../../db/queryable';
import { HttpError } from '../../lib/http-errors';
import type { JobKind, JobOwner } from './job-kind';
import { createJobQueue, newQueueId, type JobQueue, type QueueJob } from './job-queue';
import {
  beat,
  claimJob,
  failOrphan,
  findJob,
  finishJob,
  handBack,
  insertJob,
  staleJobs,
  type JobRow,
} from './jobs.repository';
import { jobMessages } from './messages';
import { createJobContext, finishWithOutcome } from './job-step-context';
import { DEFAULT_JOBS_SETTINGS, JobStopped, type JobLog, type JobRuntime, type JobsSettings } from './job-settings';

export { type JobLog, type JobRuntime, type JobsSettings } from './job-settings';

/** A job's record, as the routes that start one answer with it (jobView). */
export type { JobRow } from './jobs.repository';

/**
 * Durable jobs (R-JOB-01, ADR 0050): rows of APP_Traitement carried by pg-boss queues. A
 * worker claims a job (a new attempt number), runs its kind from the last checkpoint and
 * commits each step with its checkpoint under that attempt; a job whose worker died (no
 * heartbeat, or any running one at the start of an embedded server, which has one process)
 * goes back to the queue and resumes from its checkpoint (R-JOB-02).
 */
export function createJobRuntime(
  database: Database,
  kinds: readonly JobKind<never, never>[],
  overrides: Partial<JobsSettings> = {},
  log: JobLog = { info: () => undefined, error: () => undefined },
): JobRuntime {
  const settings: JobsSettings = {
    ...DEFAULT_JOBS_SETTINGS,
    ...(database.kind === 'pglite' ? { concurrency: 1 } : {}),
    ...overrides,
  };
  const byType = new Map(kinds.map((kind) => [kind.type, kind as unknown as JobKind]));
  // What the kinds run their SQL on: on PostgreSQL without parallel workers (R-OPS-14).
  const background = backgroundLane(database);
  const running = new Map<number, AbortController>();
  const settling = new Set<Promise<void>>();
  let queue: JobQueue | null = null;
  let starting: Promise<void> | null = null;
  let stopping = false;
  let sweepTimer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;

  const queueOf = () => {
    if (!queue) throw new Error('file des traitements non démarrée');
    return queue;
  };

  async function startQueue(): Promise<void> {
    const created = createJobQueue(database, settings, (error) => {
      if (!stopping) log.error({ err: error }, 'file des traitements');
    });
    await created.start();
    queue = created;
    for (const kind of byType.values()) {
      await created.createQueue(kind.type, kind.retryLimit, kind.retryDelaySeconds);
      const workers = database.kind === 'pglite' ? 1 : (kind.concurrency ?? settings.concurrency);
      for (let i = 0; i < workers; i++) await created.work(kind.type, (job) => track(handle(job)));
    }
    // The embedded database has one process: whatever it shows running was cut short.
    await sweep(database.kind === 'pglite' ? 0 : settings.staleSeconds);
    sweepTimer = setInterval(() => void sweep(settings.staleSeconds), settings.sweepMs);
    sweepTimer.unref();
  }

  function track(work: Promise<void>): Promise<void> {
    settling.add(work);
    return work.finally(() => settling.delete(work));
  }

  async function handle(queued: QueueJob): Promise<void> {
    const kind = byType.get(queued.name);
    if (!kind || stopping) throw new Error('traitement remis à la file');
    const claimed = await claimJob(database, queued.data.traitement);
    if (!claimed) return; // over already (finished, or cancelled before it started)
    const { id, attempt } = claimed;
    const controller = new AbortController();
    running.set(id, controller);
    const heartbeat = setInterval(() => void beat(database, id, attempt).catch(() => undefined), settings.heartbeatMs);
    heartbeat.unref();
    const { context, checkpoint } = createJobContext(
      { database, background, beforeStep: settings.beforeStep },
      { claimed, type: kind.type, controller },
    );
    try {
      if (claimed.cancelAsked) throw new JobStopped('annule');
      if (claimed.attempt > 1)
        await context.report({ done: claimed.done, total: claimed.total, step: jobMessages.resuming });
      const outcome = await kind.run(context as never);
      await finishWithOutcome(database, claimed, outcome);
      log.info({ traitement: id, type: kind.type }, 'traitement terminé');
    } catch (error) {
      await settle(kind, queued, claimed, checkpoint, error);
    } finally {
      clearInterval(heartbeat);
      running.delete(id);
    }
  }

  /** What an attempt that did not finish leaves: cancelled, failed, handed back, or nothing (another holds it). */
  async function settle(
    kind: JobKind,
    queued: QueueJob,
    claimed: JobRow,
    checkpoint: () => unknown,
    error: unknown,
  ): Promise<void> {
    const { id, attempt } = claimed;
    const stop = (outcome: 'annule' | 'echoue', message: string | null, result: Record<string, unknown> | null) =>
      database.transaction(async (tx) => {
        if (!(await finishJob(tx, id, attempt, { status: outcome, error: message, result }))) return;
        await kind.onStop?.(tx, {
          id,
          input: claimed.input,
          owner: { userId: claimed.userId, structureId: claimed.structureId },
          checkpoint: checkpoint(),
          outcome,
        });
      });
    if (error instanceof JobStopped) {
      if (error.reason === 'annule') {
        await stop('annule', null, null);
        log.info({ traitement: id }, 'traitement annulé');
      } else if (error.reason === 'arret') {
        await handBack(database, id, attempt);
        await queueOf().fail(queued.name, queued.id, 'arrêt du serveur');
      }
      return; // 'perdu': another attempt holds the job now
    }
    // A refusal fails the job; 'too many requests' (a busy server) is retried later like a failure.
    if (error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 429) {
      await stop('echoue', error.message, { statut: error.statusCode, code: error.code });
      return;
    }
    log.error({ err: error, traitement: id, tentative: queued.retryCount }, 'échec d’un traitement');
    if (queued.retryCount >= queued.retryLimit) {
      await stop('echoue', jobMessages.unexpected, null);
      return;
    }
    await handBack(database, id, attempt);
    throw error; // pg-boss retries it after its delay, doubling
  }

  /**
   * Jobs whose worker died: back to the queue (pg-boss retries them, resumed from their
   * checkpoint); failed when their retries are spent. Not the ones this process runs.
   */
  function sweep(staleSeconds: number): Promise<void> {
    if (sweeping || stopping) return sweeping ?? Promise.resolve();
    sweeping = (async () => {
      try {
        for (const job of await staleJobs(database, staleSeconds)) {
          if (running.has(job.id) || stopping) continue;
          const handedBack = await handBack(database, job.id, job.attempt);
          if (!handedBack) continue;
          const q = queueOf();
          if ((await q.state(job.type, job.queueId)) === 'active') await q.fail(job.type, job.queueId, 'worker perdu');
          const state = await q.state(job.type, job.queueId);
          if (state !== 'retry' && state !== 'created' && state !== 'active') {
            await failOrphan(database, job.id, jobMessages.interrupted);
          }
          log.info({ traitement: job.id, file: state }, 'traitement repris après la perte de son worker');
        }
      } catch (error) {
        if (!stopping) log.error({ err: error }, 'reprise des traitements interrompus');
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  }

  const runtime: JobRuntime = {
    settings,
    start() {
      starting ??= startQueue().catch((error: unknown) => {
        starting = null;
        throw error;
      });
      return starting;
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      if (sweepTimer) clearInterval(sweepTimer);
      for (const controller of running.values()) controller.abort('arret');
      await Promise.allSettled([...settling]);
      await sweeping;
      if (starting) {
        await starting.catch(() => undefined);
        await queue?.stop().catch(() => undefined);
      }
    },
    async enqueue(type, owner, input, options) {
      if (!byType.has(type)) throw new Error(`type de traitement inconnu : ${type}`);
      await runtime.start();
      try {
        const row = await database.transaction((tx: Queryable) => insertQueued(tx, type, owner, input, options));
        queueOf().wake(type);
        return row;
      } catch (error) {
        if (uniqueViolation(error)?.constraint === 'app_traitement_cle_active_uq' || isKeyViolation(error)) {
          throw new HttpError(409, jobMessages.alreadyRunning, 'conflict');
        }
        throw error;
      }
    },
    async enqueueWithin(tx, type, owner, input, options) {
      if (!byType.has(type)) throw new Error(`type de traitement inconnu : ${type}`);
      return insertQueued(tx, type, owner, input, options);
    },
    wake(type) {
      queue?.wake(type);
    },
    async waitFor(id, ms) {
      const deadline = Date.now() + ms;
      for (;;) {
        const row = await findJob(database, id);
        if (!row) throw new HttpError(404, jobMessages.notFound, 'not-found');
        if (isJobFinished(row.status) || Date.now() >= deadline) return row;
        await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(0, deadline - Date.now()))));
      }
    },
    abortHere(id) {
      running.get(id)?.abort('annule');
    },
  };
  /** The job's row, its place in the queue and its audit row, in `tx`. */
  async function insertQueued(
    tx: Queryable,
    type: string,
    owner: JobOwner,
    input: unknown,
    options: { label: string; key: string },
  ): Promise<JobRow> {
    const job = await insertJob(tx, {
      queueId: newQueueId(),
      type,
      label: options.label,
      owner,
      key: options.key,
      input,
    });
    await queueOf().send(tx, type, job.queueId, job.id);
    if (owner.userId !== null) {
      await writeAuditRows(tx, [
        {
          userId: owner.userId,
          structureId: owner.structureId,
          action: 'traitement_demande',
          table: 'APP_Traitement',
          targetId: job.id,
          details: { type, libelle: options.label },
        },
      ]);
    }
    return job;
  }

  return runtime;
}

/** PGlite reports the unique index in the message only. */
const isKeyViolation = (error: unknown) =>
  uniqueViolation(error) !== null && String((error as Error).message ?? '').includes('app_traitement_cle_active_uq');
