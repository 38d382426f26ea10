import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database';
import { insertFlux } from '../documents/document-fixtures';
import { testDatabaseTargets } from '../support/databases';
import { seedSmallData } from '../support/small-seed';
import { seedSmall } from '../support/test-app';
import { killed, startWorkerProcess } from './worker-process';

/**
 * R-JOB-08, R-JOB-02: the issuance backfill's process killed with SIGKILL mid-way; the next
 * process, asking for the backfill as a starting instance does, queues nothing more and resumes
 * the job: every flux issued once, none left. Real child processes (backfill-worker.ts) on a
 * PostgreSQL database and on an embedded PGlite data directory, ten flux ids per step.
 */
const WORKER = 'test/integration/jobs/backfill-worker.ts';
const LEGACY = 40;
/** Flux ids per step: small enough to be killed mid-way, large enough to finish on a loaded machine (1,600 ids). */
const STEP_IDS = '10';

const startWorker = (env: Record<string, string>) => startWorkerProcess(WORKER, env);

async function addLegacyFlux(database: Database): Promise<void> {
  const [structure] = await database.query<{ id: number }>(
    `SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 1 ORDER BY id LIMIT 1`,
  );
  const [season] = await database.query<{ id: number }>(`SELECT id FROM "FEDE_Saison" ORDER BY id DESC LIMIT 1`);
  for (let i = 0; i < LEGACY; i++)
    await insertFlux(database, {
      name: `Ancien flux ${i}`,
      categoryId: 4,
      structureId: structure!.id,
      seasonId: season!.id,
      amount: `${10 + i}.00`,
    });
}

const unissued = async (database: Database) =>
  (
    await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_FluxFinancier" f
        WHERE NOT EXISTS (SELECT 1 FROM "MKP_FluxEmission" e WHERE e."ID_FluxFinancier" = f.id)`,
    )
  )[0]!.n;

describe.each(testDatabaseTargets())('kill -9 during the issuance backfill on $name (R-JOB-08)', (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'R-JOB-08, R-JOB-02: killed mid-way, the next process resumes it: every flux issued once',
    { timeout: 600_000 },
    async () => {
      let env: Record<string, string>;
      let reopen: () => Promise<Database>;
      let waiting: number;
      if (target.name === 'postgres') {
        const database = await target.open();
        cleanups.push(() => database.close());
        await seedSmall(database);
        await addLegacyFlux(database);
        waiting = await unissued(database);
        env = { DATABASE_URL: database.url! };
        reopen = async () => database;
      } else {
        const dir = await mkdtemp(path.join(tmpdir(), 'gdf-kill-emission-'));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        const seeding = await openDatabase({ dataDir: dir });
        await seedSmallData(seeding);
        await addLegacyFlux(seeding);
        waiting = await unissued(seeding);
        await seeding.close();
        env = { PGLITE_DIR: dir };
        reopen = () => openDatabase({ dataDir: dir });
      }
      expect(waiting).toBeGreaterThanOrEqual(LEGACY);

      const first = startWorker({ ...env, ENQUEUE: '1', BATCH_SIZE: STEP_IDS, STEP_DELAY_MS: '100' });
      cleanups.push(() => killed(first.child));
      const progress = await first.waitFor(
        ([tag, , done, total, status]) =>
          tag === 'PROGRESS' && status === 'en_cours' && Number(done) > 0 && Number(done) < Number(total) / 2,
        'émission commencée',
      );
      await killed(first.child);
      const jobId = progress[1]!;
      expect(first.output()).not.toContain('DONE');

      // The next process asks too, as a starting instance: the job is there, it resumes it.
      const second = startWorker({ ...env, ENQUEUE: '1', BATCH_SIZE: STEP_IDS, JOB_ID: jobId });
      cleanups.push(() => killed(second.child));
      await second.waitFor(([tag]) => tag === 'DONE', 'émission terminée');
      await new Promise<void>((resolve) =>
        second.child.exitCode !== null ? resolve() : second.child.once('exit', () => resolve()),
      );

      const database = await reopen();
      if (target.name === 'pglite') cleanups.push(() => database.close());
      expect(await unissued(database)).toBe(0);
      const jobs = await database.query<{ id: number; statut: string; tentative: number; emis: number }>(
        `SELECT id, "Statut" AS statut, "Tentative" AS tentative, ("Resultat"->>'emis')::int AS emis
         FROM "APP_Traitement" WHERE "Type" = 'emission_documents'`,
      );
      expect(jobs).toEqual([{ id: Number(jobId), statut: 'termine', tentative: 2, emis: waiting }]);
      const [twice] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT "ID_FluxFinancier" FROM "MKP_FluxEmission" GROUP BY 1 HAVING count(*) > 1) d`,
      );
      expect(twice!.n).toBe(0);
    },
  );
});
