/**
 * The validation of the head office's last ended fiscal year as a durable job (R-JOB-01,
 * R-JOB-02, ADR 0050), on the PostgreSQL bench database: run whole (entries per second, how
 * often its progress moved, the longest step, how a short query fared meanwhile), cancelled
 * mid-way (how long the stop took, the books left validated to a day), and killed with
 * SIGKILL mid-way in a process of its own (validation-worker.ts), then resumed by the next one
 * to the very ledger of the whole run (one SQL digest of every entry and line).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { HEAD_OFFICE_STRUCTURE_ID, parisToday, StructureType } from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import { createJobRuntime, type JobRuntime } from '../../../apps/server/src/modules/jobs/job-runtime';
import { findJob } from '../../../apps/server/src/modules/jobs/jobs.repository';
import { createJobsService } from '../../../apps/server/src/modules/jobs/jobs.service';
import type { Actor } from '../../../apps/server/src/modules/scope/actor';
import type { BooksOwner } from '../../../apps/server/src/modules/ledger/books';
import { ensureFiscalYears, listFiscalYears } from '../../../apps/server/src/modules/ledger/fiscal-years.repository';
import {
  LEDGER_VALIDATION_JOB,
  ledgerValidationJob,
  type ValidationJobInput,
} from '../../../apps/server/src/modules/ledger/ledger-validation-job';
import type { BenchResult } from '../bench-result';
import { emptyLedgerTables } from '../ledger/ledger.bench';

/** Bars of this section (the bar: progress visible, cancellable, resumed to the same result). */
const BARS = {
  entriesPerSecond: 5_000,
  /** Longest time the progress stood still while the job ran. */
  progressGapSeconds: 30,
  cancelSeconds: 30,
  /** A query of another user while the job runs (p95). */
  queryP95Ms: 200,
};

const STEP_ENTRIES = 20_000;
const OWNER: BooksOwner = {
  structureId: HEAD_OFFICE_STRUCTURE_ID,
  structureType: StructureType.Federation,
  userId: null,
};
const WORKER = path.resolve(import.meta.dirname, '../../../apps/server/test/integration/jobs/validation-worker.ts');
const SERVER_ROOT = path.resolve(import.meta.dirname, '../../../apps/server');

/** Every entry and line of the head office's books, as one digest: equal digests, the same ledger. */
async function ledgerDigest(database: Database): Promise<{ digest: string; entries: number }> {
  const [row] = await database.query<{ digest: string; entries: number }>(
    `SELECT md5(string_agg(concat_ws('|', e."JournalCode", e."Numero", e."EcritureNum", e."EcritureDate", e."ID_FluxFinancier",
              e."PieceRef", e."PieceDate", e."Libelle", e."ValidDate", e."EST_Extourne", e."Lettrage", e."Empreinte",
              l."Rang", l."CompteNum", l."CompAuxNum", l."Section", l."Debit", l."Credit"), E'\\n'
              ORDER BY e."ID_Exercice", e."JournalCode", e."Numero", l."Rang")) AS digest,
            count(DISTINCT e.id)::int AS entries
       FROM "CPT_Ecriture" e JOIN "CPT_EcritureLigne" l ON l."ID_Ecriture" = e.id
      WHERE e."ID_Structure" = $1`,
    [HEAD_OFFICE_STRUCTURE_ID],
  );
  return row!;
}

async function emptyLedger(database: Database, today: string) {
  await emptyLedgerTables(database);
  await database.query(`DELETE FROM "APP_Traitement" WHERE "Statut" IN ('en_attente', 'en_cours')`);
  await database.transaction((tx) => ensureFiscalYears(tx, OWNER, today));
  const year = (await listFiscalYears(database, HEAD_OFFICE_STRUCTURE_ID)).filter((y) => y.fin < today).at(-1);
  if (!year) throw new Error('Aucun exercice terminé dans la base de bench');
  return year;
}

const input = (year: { id: number; fin: string }, today: string): ValidationJobInput => ({
  exerciceId: year.id,
  jusquau: year.fin,
  closing: false,
  today,
  structureType: StructureType.Federation,
});

const enqueue = (runtime: JobRuntime, year: { id: number; fin: string }, today: string) =>
  runtime.enqueue(LEDGER_VALIDATION_JOB, { userId: null, structureId: HEAD_OFFICE_STRUCTURE_ID }, input(year, today), {
    label: 'Validation (bench)',
    key: `livre:${HEAD_OFFICE_STRUCTURE_ID}`,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

export async function benchJobs(
  database: Database,
  databaseUrl: string,
  log: (line: string) => void,
): Promise<BenchResult[]> {
  const today = parisToday();
  const runtime = createJobRuntime(database, [ledgerValidationJob({ stepEntries: STEP_ENTRIES }) as never], {
    pollingSeconds: 0.5,
    concurrency: 1,
  });
  try {
    // 1. The whole run: progress read every 250 ms, a short query every 100 ms meanwhile.
    let year = await emptyLedger(database, today);
    log(
      `  validation de l'exercice ${year.debut} - ${year.fin} du siège, en traitement (étapes de ${STEP_ENTRIES} écritures)...`,
    );
    const started = performance.now();
    const job = await enqueue(runtime, year, today);
    let lastDone = -1;
    let lastMove = performance.now();
    let longestStill = 0;
    let moves = 0;
    const latencies: number[] = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const t = performance.now();
        await database.query(`SELECT count(*) FROM "STR_Structure" WHERE id = $1`, [HEAD_OFFICE_STRUCTURE_ID]);
        latencies.push(performance.now() - t);
        await sleep(100);
      }
    })();
    let final = await findJob(database, job.id);
    while (final && (final.status === 'en_attente' || final.status === 'en_cours')) {
      if (final.done !== lastDone) {
        if (lastDone >= 0) moves += 1;
        longestStill = Math.max(longestStill, performance.now() - lastMove);
        lastMove = performance.now();
        lastDone = final.done;
      }
      await sleep(250);
      final = await findJob(database, job.id);
    }
    running = false;
    await probe;
    const seconds = (performance.now() - started) / 1000;
    if (final?.status !== 'termine')
      throw new Error(`validation en traitement : ${final?.status} ${final?.error ?? ''}`);
    const whole = await ledgerDigest(database);
    const perSecond = whole.entries / seconds;
    log(`  ${whole.entries} écritures en ${seconds.toFixed(1)} s, progression ${moves} fois, digest ${whole.digest}`);

    // 2. Cancelled once a third is done: stops after its step; the books validated to a day.
    year = await emptyLedger(database, today);
    const cancelled = await enqueue(runtime, year, today);
    let row = await findJob(database, cancelled.id);
    while (row && row.status !== 'termine' && !(row.total && row.done >= row.total / 3)) {
      await sleep(100);
      row = await findJob(database, cancelled.id);
    }
    const actor = { userId: 0, isSuperAdmin: true } as Actor;
    const cancelStarted = performance.now();
    await createJobsService(database, runtime).cancel(actor, cancelled.id);
    while ((row = await findJob(database, cancelled.id)) && row.status !== 'annule' && row.status !== 'termine')
      await sleep(100);
    const cancelSeconds = (performance.now() - cancelStarted) / 1000;
    const [state] = await database.query<{ valide: string | null; entries: number }>(
      `SELECT x."ValideJusquau"::text AS valide, (SELECT count(*)::int FROM "CPT_Ecriture" e WHERE e."ID_Exercice" = x.id) AS entries
         FROM "CPT_Exercice" x WHERE x.id = $1`,
      [year.id],
    );
    const cancelConsistent =
      row?.status === 'annule' && state!.entries === row.done && state!.valide !== null && state!.valide < year.fin;
    log(
      `  annulé en ${cancelSeconds.toFixed(1)} s à ${row?.done} écritures, exercice validé jusqu'au ${state?.valide}`,
    );

    // 3. SIGKILL of the process running it, once a third is done; the next process resumes it
    // (this process's workers stopped first: they would take the job back themselves).
    await runtime.stop();
    year = await emptyLedger(database, today);
    const env = {
      DATABASE_URL: databaseUrl,
      STEP_ENTRIES: String(STEP_ENTRIES),
      TODAY: today,
      YEAR_START: year.debut,
      POLL_MS: '250',
    };
    const first = worker({ ...env, ENQUEUE: '1' });
    const progress = await first.waitFor(
      ([tag, , done, total]) => tag === 'PROGRESS' && Number(total) > 0 && Number(done) >= Number(total) / 3,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const resumeStarted = performance.now();
    const second = worker({ ...env, JOB_ID: progress[1]! });
    const resumed = await second.waitFor(
      ([tag, , , , status, attempt]) => tag === 'PROGRESS' && status === 'en_cours' && attempt === '2',
    );
    const resumeSeconds = (performance.now() - resumeStarted) / 1000;
    const done = await second.waitFor(([tag]) => tag === 'DONE');
    await second.exited;
    void resumed;
    const afterKill = await ledgerDigest(database);
    const sameLedger =
      done[2] === 'termine' && afterKill.digest === whole.digest && afterKill.entries === whole.entries;
    log(`  tué à ${progress[2]} écritures, repris en ${resumeSeconds.toFixed(1)} s, digest ${afterKill.digest}`);

    return [
      {
        name: `Validation en traitement : ${whole.entries.toLocaleString('fr-FR')} écritures (${seconds.toFixed(1)} s, progression ${moves} fois)`,
        value: Math.round(perSecond),
        unit: 'écritures/s',
        bar: BARS.entriesPerSecond,
        pass: perSecond >= BARS.entriesPerSecond,
        direction: 'min',
      },
      {
        name: 'Plus longue attente sans progression visible',
        value: Number((longestStill / 1000).toFixed(1)),
        unit: 's',
        bar: BARS.progressGapSeconds,
        pass: moves > 0 && longestStill / 1000 <= BARS.progressGapSeconds,
      },
      {
        name: 'Requête courte d’un autre utilisateur pendant le traitement (p95)',
        value: Number(p95(latencies).toFixed(1)),
        unit: 'ms',
        bar: BARS.queryP95Ms,
        pass: p95(latencies) <= BARS.queryP95Ms,
      },
      {
        name: `Annulation au tiers : arrêt après l’étape en cours, exercice validé jusqu’au ${state?.valide ?? '—'}, ${row?.done ?? 0} écritures cohérentes`,
        value: Number(cancelSeconds.toFixed(1)),
        unit: 's',
        bar: BARS.cancelSeconds,
        pass: cancelConsistent && cancelSeconds <= BARS.cancelSeconds,
      },
      {
        name: `kill -9 au tiers puis reprise par un autre processus (reprise en ${resumeSeconds.toFixed(1)} s) : même grand livre, écritures en double`,
        value: sameLedger ? 0 : Math.max(1, Math.abs(afterKill.entries - whole.entries)),
        unit: 'écarts',
        bar: 0,
        pass: sameLedger,
      },
    ];
  } finally {
    await runtime.stop();
  }
}

/** validation-worker.ts in a process of its own, its progress lines read as they come. */
function worker(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    listeners.forEach((listener) => listener());
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    exited,
    waitFor(accept: (line: string[]) => boolean): Promise<string[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = output
            .split('\n')
            .map((line) => line.trim().split(' '))
            .find(accept);
          if (found) {
            listeners.delete(check);
            resolve(found);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            listeners.delete(check);
            reject(new Error(`le processus de validation s'est arrêté :\n${output.slice(-2000)}`));
          }
        };
        listeners.add(check);
        void exited.then(check);
        check();
      });
    },
  };
}
