import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { badRequest, HttpError } from '../../../src/lib/http-errors';
import type { JobKind } from '../../../src/modules/jobs/job-kind';
import { createJobRuntime, type JobRuntime, type JobsSettings } from '../../../src/modules/jobs/job-runtime';
import { createJobsService } from '../../../src/modules/jobs/jobs.service';
import type { Actor } from '../../../src/modules/scope/actor';
import { testDatabaseTargets } from '../support/databases';
import { seedSmall } from '../support/test-app';

/**
 * R-JOB-01 to R-JOB-04 on the runtime itself, with a job kind of the test's own: each step
 * inserts one row keyed by (job, step) in the same transaction as its checkpoint, so a step
 * done twice would fail on the key and a step lost would leave a gap.
 */
interface TestInput {
  steps: number;
  failFirstAttempt?: boolean;
  refuse?: boolean;
  /** The first attempt finds the server busy (429) at its second step. */
  busyFirstAttempt?: boolean;
  file?: boolean;
  /** One step and one session that report the planner's parallel workers setting (R-OPS-14). */
  probe?: boolean;
}

const PARALLEL_SETTING = `SELECT current_setting('max_parallel_workers_per_gather') AS workers`;

/** Gates a test closes: the first attempt of a job waits at one before a given step (between two transactions). */
class Gates {
  private readonly waiting = new Map<string, { reached: () => void; opened: Promise<void> }>();
  private readonly openers = new Map<string, () => void>();

  /** The job `id` will wait before step `step` (1-based) until open(); resolves once it waits there. */
  close(id: number, step: number): Promise<void> {
    const key = `${id}:${step}`;
    let reached!: () => void;
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    const opened = new Promise<void>((resolve) => this.openers.set(key, resolve));
    this.waiting.set(key, { reached, opened });
    return reachedPromise;
  }

  open(id: number, step: number) {
    this.openers.get(`${id}:${step}`)?.();
  }

  /** Only the first attempt that comes waits (until opened or stopped): a later attempt passes. */
  async pass(id: number, step: number, signal: AbortSignal) {
    const key = `${id}:${step}`;
    const gate = this.waiting.get(key);
    if (!gate) return;
    this.waiting.delete(key);
    gate.reached();
    if (!signal.aborted) await Promise.race([gate.opened, once(signal, 'abort')]);
  }
}

function testKind(gates: Gates, attempts: Map<number, number>): JobKind<TestInput, { done: number }> {
  return {
    type: 'essai_test',
    retryLimit: 3,
    async run(context) {
      const tries = (attempts.get(context.id) ?? 0) + 1;
      attempts.set(context.id, tries);
      if (context.input.refuse) throw badRequest('Refusé pour l’essai.');
      if (context.input.probe) {
        const step = await context.step(context.database, async (tx) => {
          const [row] = await tx.query<{ workers: string }>(PARALLEL_SETTING);
          return { checkpoint: { done: 1 }, progress: { done: 1, total: 1, step: 'Sonde' }, value: row!.workers };
        });
        const session = await context.database.session(async (on) => {
          const [row] = await on.query<{ workers: string }>(PARALLEL_SETTING);
          return row!.workers;
        });
        return { summary: { etape: step, session } };
      }
      let done = context.checkpoint?.done ?? 0;
      while (done < context.input.steps) {
        await gates.pass(context.id, done + 1, context.signal);
        if (context.input.failFirstAttempt && tries === 1 && done === 1) throw new Error('panne passagère');
        if (context.input.busyFirstAttempt && tries === 1 && done === 1)
          throw new HttpError(429, 'Serveur occupé : réessayez.', 'too-many-requests');
        done = await context.step(context.database, async (tx) => {
          await tx.query(`INSERT INTO essai_effets (job, etape) VALUES ($1, $2)`, [context.id, done + 1]);
          return {
            checkpoint: { done: done + 1 },
            progress: { done: done + 1, total: context.input.steps, step: `Étape ${done + 1}` },
            value: done + 1,
          };
        });
      }
      return {
        summary: { etapes: done },
        ...(context.input.file
          ? { file: { name: 'essai.txt', mimeType: 'text/plain', bytes: Buffer.from(`${done} étapes\n`) } }
          : {}),
      };
    },
  };
}

const FAST: Partial<JobsSettings> = {
  pollingSeconds: 0.5,
  retryDelaySeconds: 1,
  heartbeatMs: 500,
  sweepMs: 500,
  staleSeconds: 3,
  waitMs: 0,
};

/** Generous: the machine may be loaded. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} : pas atteint en ${ms} ms (${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(testDatabaseTargets())('durable jobs on $name (R-JOB-01 to R-JOB-04)', (target) => {
  let database: Database;
  let owner: { userId: number; structureId: number };
  let actor: Actor;
  const gates = new Gates();
  const attempts = new Map<number, number>();
  const runtimes: JobRuntime[] = [];
  const runtime = (settings: Partial<JobsSettings> = {}) => {
    const created = createJobRuntime(database, [testKind(gates, attempts) as never], { ...FAST, ...settings });
    runtimes.push(created);
    return created;
  };
  const job = async (id: number) =>
    (
      await database.query<{
        statut: string;
        fait: number;
        reprise: unknown;
        tentative: number;
        erreur: string | null;
      }>(
        `SELECT "Statut" AS statut, "Fait"::int AS fait, "Reprise" AS reprise, "Tentative" AS tentative, "Erreur" AS erreur
         FROM "APP_Traitement" WHERE id = $1`,
        [id],
      )
    )[0]!;
  const effects = async (id: number) =>
    (await database.query<{ etape: number }>(`SELECT etape FROM essai_effets WHERE job = $1 ORDER BY etape`, [id])).map(
      (row) => row.etape,
    );
  const enqueue = (rt: JobRuntime, input: TestInput, key: string) =>
    rt.enqueue('essai_test', owner, input, { label: 'Essai', key });

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    await database.query(`CREATE TABLE essai_effets (job int, etape int, PRIMARY KEY (job, etape))`);
    const [row] = await database.query<{ userId: number; structureId: number }>(
      `SELECT l."ID_Utilisateur" AS "userId", m."ID_Structure" AS "structureId" FROM "UTI_Login" l
         JOIN "STR_StructureUtilisateur" m ON m."ID_Utilisateur" = l."ID_Utilisateur" WHERE l."Email" = 'siege@demo.fr'`,
    );
    owner = row!;
    actor = { userId: owner.userId, isSuperAdmin: false } as Actor;
  });
  // Each test's workers stop with it: none of them takes the next test's jobs.
  afterEach(async () => {
    for (const rt of runtimes.splice(0)) await rt.stop();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('R-JOB-01: a job runs its steps, reports its progress and keeps its result and file', async () => {
    const rt = runtime();
    const queued = await enqueue(rt, { steps: 3, file: true }, 'fichier');
    const done = await rt.waitFor(queued.id, 120_000);
    expect(done).toMatchObject({ status: 'termine', done: 3, total: 3, result: { etapes: 3 }, fileName: 'essai.txt' });
    expect(await effects(queued.id)).toEqual([1, 2, 3]);
    const download = await createJobsService(database, rt).result(actor, queued.id);
    expect(download.kind).toBe('file');
    if (download.kind === 'file') expect(String(download.content.body)).toBe('3 étapes\n');
    const [audit] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'traitement_demande' AND "ID_Cible" = $1`,
      [queued.id],
    );
    expect(audit!.n).toBe(1);
  });

  it('R-JOB-01: one job at a time per key; a refusal fails at once in French, never retried', async () => {
    const rt = runtime();
    const refused = await enqueue(rt, { steps: 1, refuse: true }, 'refus');
    const row = await rt.waitFor(refused.id, 120_000);
    expect(row).toMatchObject({ status: 'echoue', error: 'Refusé pour l’essai.', attempt: 1 });
    expect(attempts.get(refused.id)).toBe(1);

    const first = await enqueue(rt, { steps: 2 }, 'unique');
    const gate = gates.close(first.id, 2);
    await gate;
    await expect(enqueue(rt, { steps: 1 }, 'unique')).rejects.toMatchObject({ statusCode: 409 });
    gates.open(first.id, 2);
    expect((await rt.waitFor(first.id, 120_000)).status).toBe('termine');
    // Finished: the key is free again.
    const again = await enqueue(rt, { steps: 1 }, 'unique');
    expect((await rt.waitFor(again.id, 120_000)).status).toBe('termine');
  });

  it('R-JOB-04: an unexpected failure is retried after a delay and resumes from its checkpoint', async () => {
    const rt = runtime();
    const queued = await enqueue(rt, { steps: 3, failFirstAttempt: true }, 'panne');
    const row = await rt.waitFor(queued.id, 120_000);
    expect(row).toMatchObject({ status: 'termine', attempt: 2 });
    expect(attempts.get(queued.id)).toBe(2);
    expect(await effects(queued.id)).toEqual([1, 2, 3]);
  });

  it('R-JOB-04: a busy server (429) is not a refusal: the job is retried and resumes from its checkpoint', async () => {
    const rt = runtime();
    const queued = await enqueue(rt, { steps: 3, busyFirstAttempt: true }, 'occupe-429');
    const row = await rt.waitFor(queued.id, 120_000);
    expect(row).toMatchObject({ status: 'termine', attempt: 2 });
    expect(await effects(queued.id)).toEqual([1, 2, 3]);
  });

  it('R-JOB-02: cancelled between steps, what was committed stays and nothing more is done', async () => {
    const rt = runtime();
    const service = createJobsService(database, rt);
    const queued = await enqueue(rt, { steps: 4 }, 'annulation');
    await gates.close(queued.id, 3);
    const view = await service.cancel(actor, queued.id);
    expect(view.annulationDemandee || view.statut === 'annule').toBe(true);
    const row = await until(
      () => job(queued.id),
      (r) => r.statut === 'annule',
      'annulé',
    );
    expect(row.fait).toBe(2);
    expect(await effects(queued.id)).toEqual([1, 2]);
    await expect(service.cancel(actor, queued.id)).resolves.toMatchObject({ statut: 'annule', annulable: false });
    const [audit] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "APP_AuditLog" WHERE "Action" = 'traitement_annulation' AND "ID_Cible" = $1`,
      [queued.id],
    );
    expect(audit!.n).toBe(1);
  });

  it('R-JOB-02: a job still waiting is cancelled at once and never runs', async () => {
    const rt = runtime({ concurrency: 1 });
    const blocker = await enqueue(rt, { steps: 1 }, 'occupe');
    await gates.close(blocker.id, 1);
    const waiting = await enqueue(rt, { steps: 1 }, 'attente');
    expect((await job(waiting.id)).statut).toBe('en_attente');
    const view = await createJobsService(database, rt).cancel(actor, waiting.id);
    expect(view.statut).toBe('annule');
    gates.open(blocker.id, 1);
    expect((await rt.waitFor(blocker.id, 120_000)).status).toBe('termine');
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a poll or two: it must not run
    expect(attempts.get(waiting.id)).toBeUndefined();
    expect(await effects(waiting.id)).toEqual([]);
  });

  it('R-JOB-02: a server that stops hands its job back; the next one resumes it from its checkpoint', async () => {
    const first = runtime();
    const queued = await enqueue(first, { steps: 3 }, 'arret');
    await gates.close(queued.id, 2);
    await first.stop();
    expect(await job(queued.id)).toMatchObject({ statut: 'en_attente', fait: 1, reprise: { done: 1 } });
    const second = runtime();
    await second.start();
    const row = await second.waitFor(queued.id, 120_000);
    expect(row).toMatchObject({ status: 'termine', attempt: 2 });
    expect(await effects(queued.id)).toEqual([1, 2, 3]);
  });

  it('R-OPS-14: a job plans without parallel workers on PostgreSQL, in its steps and its sessions; requests keep theirs', async () => {
    const rt = runtime();
    const queued = await enqueue(rt, { steps: 1, probe: true }, 'sonde');
    const row = await rt.waitFor(queued.id, 120_000);
    const [requests] = await database.query<{ workers: string }>(PARALLEL_SETTING);
    // PGlite has no parallel workers to spare: its setting is left as it is.
    const expected = target.name === 'postgres' ? '0' : requests!.workers;
    expect(row).toMatchObject({ status: 'termine', result: { etape: expected, session: expected } });
    if (target.name === 'postgres') expect(Number(requests!.workers)).toBeGreaterThan(0);
  });

  it('R-JOB-02: a worker that went silent loses its job to another, which finishes it; the old one commits nothing', async () => {
    // The first worker gives no sign of life (its heartbeat is an hour away): as if killed.
    const silent = runtime({ heartbeatMs: 3_600_000, staleSeconds: 3_600 });
    const queued = await enqueue(silent, { steps: 3 }, 'silencieux');
    await gates.close(queued.id, 2);
    const rescuer = runtime({ staleSeconds: 2 });
    await rescuer.start();
    const row = await rescuer.waitFor(queued.id, 120_000);
    expect(row).toMatchObject({ status: 'termine', attempt: 2 });
    gates.open(queued.id, 2); // the old attempt wakes up: its next step finds the job taken
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await effects(queued.id)).toEqual([1, 2, 3]);
    expect(await job(queued.id)).toMatchObject({ statut: 'termine', tentative: 2 });
  });
});
