import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database';
import { insertFlux } from '../documents/document-fixtures';
import { testDatabaseTargets } from '../support/databases';
import { seedSmallData } from '../support/small-seed';
import { seedSmall } from '../support/test-app';

/**
 * R-JOB-08, R-JOB-02: the issuance backfill's process killed with SIGKILL mid-way; the next
 * process, asking for the backfill as a starting instance does, queues nothing more and resumes
 * the job: every flux issued once, none left. Real child processes (backfill-worker.ts) on a
 * PostgreSQL database and on an embedded PGlite data directory, one flux id per step.
 */
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WORKER = path.join(SERVER_ROOT, 'test/integration/jobs/backfill-worker.ts');
const LEGACY = 40;

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    listeners.forEach((listener) => listener());
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.on('exit', () => listeners.forEach((listener) => listener()));
  const waitFor = (accept: (line: string[]) => boolean, what: string) =>
    new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`${what} : rien après 240 s\n${output.slice(-2000)}`)), 240_000);
      const check = () => {
        const found = output
          .split('\n')
          .map((line) => line.trim().split(' '))
          .find(accept);
        if (found) return finish(null, found);
        if (child.exitCode !== null || child.signalCode !== null)
          finish(new Error(`${what} : le processus s'est arrêté\n${output.slice(-2000)}`));
      };
      const finish = (error: Error | null, line?: string[]) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve(line!);
      };
      listeners.add(check);
      check();
    });
  return { child, waitFor, output: () => output };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

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

      const first = startWorker({ ...env, ENQUEUE: '1', BATCH_SIZE: '1', STEP_DELAY_MS: '100' });
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
      const second = startWorker({ ...env, ENQUEUE: '1', BATCH_SIZE: '1', JOB_ID: jobId });
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
