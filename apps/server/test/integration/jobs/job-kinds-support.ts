import { jobResultUrl, jobUrl, type JobStatus, type JobView } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { once } from 'node:events';
import type { Database } from '../../../src/db/database';
import { CONTENT_NATURE } from '../../../src/db/content-store';
import { bearer } from '../rest/rest-context';

/**
 * What the job kinds' tests share (R-JOB-05 to R-JOB-09): a job held before one of its steps
 * (between two transactions) until the test stops its server or opens the gate, and reads of
 * the job as its owner sees it.
 */
export interface StepGate {
  beforeStep: (job: { id: number; type: string; signal: AbortSignal }) => Promise<void>;
  /** Resolves with the job's id once its first attempt waits before step `step`. */
  held: Promise<number>;
  /** Lets the held attempt go on. */
  release(): void;
  /** Steps each job began, over all its attempts. */
  steps: Map<number, number>;
}

/**
 * The first job of `type` (and `accept`ed) that reaches step `step` (1-based, counted over its
 * attempts in this gate's server) waits there, once, until released or stopped.
 */
export function holdBeforeStep(type: string, step: number, accept: (id: number) => boolean = () => true): StepGate {
  const steps = new Map<number, number>();
  let holding: ((id: number) => void) | null = null;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<number>((resolve) => (holding = resolve));
  return {
    steps,
    held,
    release,
    async beforeStep({ id, type: jobType, signal }) {
      if (jobType !== type) return;
      const count = (steps.get(id) ?? 0) + 1;
      steps.set(id, count);
      if (count !== step || !holding || signal.aborted || !accept(id)) return;
      const reached = holding;
      holding = null;
      reached(id);
      await Promise.race([released, once(signal, 'abort')]);
    },
  };
}

/** Generous deadlines: the machine may be loaded. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  ms = 240_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} : pas atteint en ${ms} ms (${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function jobAs(app: FastifyInstance, token: string, id: number): Promise<JobView> {
  const response = await app.inject({ method: 'GET', url: jobUrl(id), headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`traitement ${id} : ${response.statusCode} ${response.body}`);
  return response.json() as JobView;
}

/** The job once it reached `status` (or any finished state, which then fails the expectation). */
export function jobEnded(app: FastifyInstance, token: string, id: number, status: JobStatus = 'termine') {
  return until(
    () => jobAs(app, token, id),
    (job) => job.statut === status || ['termine', 'echoue', 'annule'].includes(job.statut),
    `traitement ${id} ${status}`,
  );
}

export async function jobResult(app: FastifyInstance, token: string, id: number) {
  const response = await app.inject({ method: 'GET', url: jobResultUrl(id), headers: bearer(token) });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/** ZIP parts of jobs left in the document store: none once every job ended (R-JOB-02). */
export async function zipPartsLeft(database: Database): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "DOC_Contenu" WHERE "Nature" = $1`,
    [CONTENT_NATURE.jobResultPart],
  );
  return row!.n;
}

/** The job row as the runtime keeps it: its attempts and where it resumes. */
export async function jobRow(database: Database, id: number) {
  const [row] = await database.query<{ statut: string; tentative: number; fait: number; total: number | null }>(
    `SELECT "Statut" AS statut, "Tentative" AS tentative, "Fait"::int AS fait, "Total"::int AS total
       FROM "APP_Traitement" WHERE id = $1`,
    [id],
  );
  return row!;
}

export const accepted = (response: { statusCode: number; body: string; json(): unknown }) => {
  if (response.statusCode !== 202) throw new Error(`202 attendu : ${response.statusCode} ${response.body}`);
  return (response.json() as { traitement: JobView }).traitement;
};
