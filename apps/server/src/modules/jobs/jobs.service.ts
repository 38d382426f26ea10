import type { JobsResponse, JobView } from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import type { Database } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-errors';
import { openContent, type OpenedContent } from '../document-store/document-store.service';
import type { Actor } from '../scope/actor';
import type { JobRuntime } from './job-runtime';
import { findJob, listUserJobs, requestCancel, type JobRow } from './jobs.repository';
import { jobMessages } from './messages';

/** Finished jobs 'Mes traitements' lists besides the running ones. */
const FINISHED_SHOWN = 50;

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/**
 * A job is its owner's (R-JOB-03): they see, cancel and download it; a super admin may too
 * (to stop a runaway job), but 'Mes traitements' lists one's own only. Anyone else gets 404,
 * as if it did not exist.
 */
const mayAccess = (actor: Actor, row: JobRow) => row.userId === actor.userId || actor.isSuperAdmin;

export function jobView(row: JobRow, actor: Actor): JobView {
  const active = row.status === 'en_attente' || row.status === 'en_cours';
  return {
    id: row.id,
    type: row.type,
    libelle: row.label,
    statut: row.status,
    annulationDemandee: row.cancelAsked,
    fait: row.done,
    total: row.total,
    etape: row.step,
    creeLe: iso(row.createdAt)!,
    debuteLe: iso(row.startedAt),
    termineLe: iso(row.finishedAt),
    erreur: row.error,
    resultat: row.result,
    fichier: row.contentId !== null && row.fileName ? { nom: row.fileName } : null,
    annulable: active && !row.cancelAsked && mayAccess(actor, row),
  };
}

/** A request that started a job: its result when the job ended in time, else the job to follow. */
export type JobOutcomeView<Result> = { done: Result } | { accepted: JobView };

/**
 * What the request that started a job answers: the job's summary once done, its refusal as
 * the same HTTP error it would have been inline (a 400 or 409 in French), or the job itself.
 */
export function jobOutcome<Result>(row: JobRow, actor: Actor): JobOutcomeView<Result> {
  if (row.status === 'termine') return { done: row.result as Result };
  if (row.status === 'echoue') {
    const status = Number(row.result?.statut ?? 500);
    throw new HttpError(status, row.error ?? jobMessages.unexpected, String(row.result?.code ?? 'error'));
  }
  if (row.status === 'annule') throw new HttpError(409, jobMessages.cancelled, 'conflict');
  return { accepted: jobView(row, actor) };
}

export type JobResultDownload =
  | { kind: 'file'; name: string; content: OpenedContent }
  | { kind: 'summary'; name: string; summary: Record<string, unknown> };

export function createJobsService(database: Database, runtime: JobRuntime) {
  async function accessible(actor: Actor, id: number): Promise<JobRow> {
    const row = await findJob(database, id);
    if (!row || !mayAccess(actor, row)) throw notFound(jobMessages.notFound);
    return row;
  }

  return {
    async list(actor: Actor): Promise<JobsResponse> {
      const rows = await listUserJobs(database, actor.userId, FINISHED_SHOWN);
      return { traitements: rows.map((row) => jobView(row, actor)) };
    },

    async get(actor: Actor, id: number): Promise<JobView> {
      return jobView(await accessible(actor, id), actor);
    },

    /**
     * A waiting job is cancelled at once; a running one stops after the step it is in, which
     * rolls back (R-JOB-02). Stopped here first when this process runs it, so the step does
     * not commit (on PGlite the request would otherwise wait for the step's end).
     */
    async cancel(actor: Actor, id: number): Promise<JobView> {
      const row = await accessible(actor, id);
      if (row.status === 'annule') return jobView(row, actor);
      if (row.status !== 'en_attente' && row.status !== 'en_cours') {
        throw new HttpError(409, jobMessages.notCancellable, 'conflict');
      }
      runtime.abortHere(id);
      await database.transaction(async (tx) => {
        // Null when the job ended meanwhile, by this very request's stop among others.
        const outcome = await requestCancel(tx, id);
        await writeAuditRows(tx, [
          {
            userId: actor.userId,
            structureId: row.structureId,
            action: 'traitement_annulation',
            table: 'APP_Traitement',
            targetId: id,
            details: { type: row.type, libelle: row.label, ...(outcome === 'annule' ? { avantDebut: true } : {}) },
          },
        ]);
      });
      const after = (await findJob(database, id))!;
      if (after.status === 'termine' || after.status === 'echoue') {
        throw new HttpError(409, jobMessages.notCancellable, 'conflict');
      }
      return jobView(after, actor);
    },

    /** The result file, or else the summary as a JSON file; 404 while there is none. */
    async result(actor: Actor, id: number): Promise<JobResultDownload> {
      const row = await accessible(actor, id);
      if (row.contentId !== null && row.fileName) {
        const content = await openContent(database, row.contentId);
        if (content) return { kind: 'file', name: row.fileName, content };
      }
      if (row.status !== 'termine' || !row.result) throw notFound(jobMessages.noResult);
      return { kind: 'summary', name: `traitement-${row.id}.json`, summary: row.result };
    },
  };
}
