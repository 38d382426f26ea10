import type { JobStatus } from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import type { JobOwner, JobProgress } from './job-kind';

/** One APP_Traitement row as the module reads it. */
export interface JobRow {
  id: number;
  queueId: string;
  type: string;
  label: string;
  userId: number | null;
  structureId: number;
  input: unknown;
  status: JobStatus;
  cancelAsked: boolean;
  done: number;
  total: number | null;
  step: string | null;
  /**
   * Where the job resumes: read by claimJob only (the worker's attempt). A pack's checkpoint
   * holds every ZIP record and its sommaire (hundreds of kB at 1,000 documents): 'Mes
   * traitements' polls a running job several times a second: reading and parsing it each time
   * was garbage for nothing while the pack's own buffers wait for a collection (R-PERF-07).
   */
  checkpoint?: unknown;
  attempt: number;
  result: Record<string, unknown> | null;
  contentId: number | null;
  fileName: string | null;
  error: string | null;
  createdAt: Date | string;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
}

const COLUMNS = `id, "ID_File" AS "queueId", "Type" AS type, "Libelle" AS label, "ID_Utilisateur" AS "userId",
  "ID_Structure" AS "structureId", "Parametres" AS input, "Statut" AS status, "AnnulationDemandee" AS "cancelAsked",
  "Fait"::float8 AS done, "Total"::float8 AS total, "Etape" AS step, "Tentative" AS attempt,
  "Resultat" AS result, "ID_Contenu" AS "contentId", "NomFichier" AS "fileName", "Erreur" AS error,
  "Z_DateCreation" AS "createdAt", "DateDebut" AS "startedAt", "DateFin" AS "finishedAt"`;

export async function insertJob(
  tx: Queryable,
  job: { queueId: string; type: string; label: string; owner: JobOwner; key: string; input: unknown },
): Promise<JobRow> {
  const [row] = await tx.query<JobRow>(
    `INSERT INTO "APP_Traitement" ("ID_File", "Type", "Libelle", "ID_Utilisateur", "ID_Structure", "Cle", "Parametres", "Etape")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [
      job.queueId,
      job.type,
      job.label,
      job.owner.userId,
      job.owner.structureId,
      job.key,
      JSON.stringify(job.input),
      null,
    ],
  );
  return row!;
}

export async function findJob(db: Queryable, id: number): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(`SELECT ${COLUMNS} FROM "APP_Traitement" WHERE id = $1`, [id]);
  return row ?? null;
}

/** A user's jobs, newest first: every waiting or running one, then the latest finished ones. */
export async function listUserJobs(db: Queryable, userId: number, finishedLimit: number): Promise<JobRow[]> {
  return db.query<JobRow>(
    `(SELECT ${COLUMNS} FROM "APP_Traitement" WHERE "ID_Utilisateur" = $1 AND "Statut" IN ('en_attente', 'en_cours'))
     UNION ALL
     (SELECT ${COLUMNS} FROM "APP_Traitement" WHERE "ID_Utilisateur" = $1 AND "Statut" NOT IN ('en_attente', 'en_cours')
       ORDER BY id DESC LIMIT $2)
     ORDER BY id DESC`,
    [userId, finishedLimit],
  );
}

/**
 * A worker takes the job: a new attempt number, which every later write of this attempt
 * names (fencing). Null when the job is over (finished or cancelled before it started).
 */
export async function claimJob(db: Queryable, id: number): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `UPDATE "APP_Traitement" SET "Statut" = 'en_cours', "Tentative" = "Tentative" + 1, "Pouls" = now(),
            "DateDebut" = coalesce("DateDebut", now())
      WHERE id = $1 AND "Statut" IN ('en_attente', 'en_cours') RETURNING ${COLUMNS}, "Reprise" AS checkpoint`,
    [id],
  );
  return row ?? null;
}

/** Whether a cancel was asked of this attempt, read at the start of each step (none when the attempt lost the job). */
export async function readStepState(
  tx: Queryable,
  id: number,
  attempt: number,
): Promise<{ cancelAsked: boolean } | undefined> {
  const [state] = await tx.query<{ cancelAsked: boolean }>(
    `SELECT "AnnulationDemandee" AS "cancelAsked" FROM "APP_Traitement" WHERE id = $1 AND "Tentative" = $2`,
    [id, attempt],
  );
  return state;
}

/** The step's checkpoint and progress, when this attempt still holds the job and no cancel was asked. */
export async function commitCheckpoint(
  tx: Queryable,
  id: number,
  attempt: number,
  checkpoint: unknown,
  progress: JobProgress,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE "APP_Traitement" SET "Reprise" = $3, "Fait" = $4, "Total" = $5, "Etape" = $6, "Pouls" = now()
      WHERE id = $1 AND "Tentative" = $2 AND "Statut" = 'en_cours' AND NOT "AnnulationDemandee" RETURNING id`,
    [id, attempt, JSON.stringify(checkpoint), progress.done, progress.total, progress.step],
  );
  return rows.length > 0;
}

export async function reportProgress(db: Queryable, id: number, attempt: number, progress: JobProgress): Promise<void> {
  await db.query(
    `UPDATE "APP_Traitement" SET "Fait" = $3, "Total" = $4, "Etape" = $5, "Pouls" = now()
      WHERE id = $1 AND "Tentative" = $2 AND "Statut" = 'en_cours'`,
    [id, attempt, progress.done, progress.total, progress.step],
  );
}

export async function beat(db: Queryable, id: number, attempt: number): Promise<void> {
  await db.query(
    `UPDATE "APP_Traitement" SET "Pouls" = now() WHERE id = $1 AND "Tentative" = $2 AND "Statut" = 'en_cours'`,
    [id, attempt],
  );
}

/** The job's end, written by the attempt that holds it: false when another attempt took it since. */
export async function finishJob(
  tx: Queryable,
  id: number,
  attempt: number,
  end: {
    status: Extract<JobStatus, 'termine' | 'echoue' | 'annule'>;
    result?: Record<string, unknown> | null;
    contentId?: number | null;
    fileName?: string | null;
    error?: string | null;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE "APP_Traitement" SET "Statut" = $3, "Resultat" = $4, "ID_Contenu" = $5, "NomFichier" = $6, "Erreur" = $7,
            "Etape" = NULL, "Fait" = CASE WHEN $3 = 'termine' THEN coalesce("Total", "Fait") ELSE "Fait" END,
            "DateFin" = now(), "Pouls" = now()
      WHERE id = $1 AND "Tentative" = $2 AND "Statut" = 'en_cours' RETURNING id`,
    [
      id,
      attempt,
      end.status,
      end.result ? JSON.stringify(end.result) : null,
      end.contentId ?? null,
      end.fileName ?? null,
      end.error ?? null,
    ],
  );
  return rows.length > 0;
}

/** Back to the queue (the server stops, or its worker died): the next attempt resumes it. */
export async function handBack(db: Queryable, id: number, attempt: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE "APP_Traitement" SET "Statut" = 'en_attente', "Etape" = NULL
      WHERE id = $1 AND "Tentative" = $2 AND "Statut" = 'en_cours' RETURNING id`,
    [id, attempt],
  );
  return rows.length > 0;
}

/** A job never started is cancelled at once; a running one is asked to stop after its step. */
export async function requestCancel(tx: Queryable, id: number): Promise<'annule' | 'demandee' | null> {
  const cancelled = await tx.query(
    `UPDATE "APP_Traitement" SET "Statut" = 'annule', "Etape" = NULL, "DateFin" = now()
      WHERE id = $1 AND "Statut" = 'en_attente' AND "Tentative" = 0 RETURNING id`,
    [id],
  );
  if (cancelled.length > 0) return 'annule';
  const asked = await tx.query(
    `UPDATE "APP_Traitement" SET "AnnulationDemandee" = true
      WHERE id = $1 AND "Statut" IN ('en_attente', 'en_cours') RETURNING id`,
    [id],
  );
  return asked.length > 0 ? 'demandee' : null;
}

/** Running jobs whose worker gave no sign of life for `staleSeconds` (every running one with 0). */
export async function staleJobs(
  db: Queryable,
  staleSeconds: number,
): Promise<Array<{ id: number; queueId: string; type: string; attempt: number }>> {
  return db.query(
    `SELECT id, "ID_File" AS "queueId", "Type" AS type, "Tentative" AS attempt FROM "APP_Traitement"
      WHERE "Statut" = 'en_cours' AND ("Pouls" IS NULL OR "Pouls" <= now() - make_interval(secs => $1))`,
    [staleSeconds],
  );
}

/** A job the queue gave up on (its retries spent while no worker could record it). */
export async function failOrphan(db: Queryable, id: number, error: string): Promise<void> {
  await db.query(
    `UPDATE "APP_Traitement" SET "Statut" = 'echoue', "Erreur" = $2, "Etape" = NULL, "DateFin" = now()
      WHERE id = $1 AND "Statut" IN ('en_attente', 'en_cours')`,
    [id, error],
  );
}

/** Per kind and status: how many jobs, and for the waiting ones the age of the oldest (R-OPS-01). */
export async function jobQueueStats(
  db: Queryable,
): Promise<Array<{ type: string; status: JobStatus; count: number; oldestSeconds: number | null }>> {
  return db.query(
    `SELECT "Type" AS type, "Statut" AS status, count(*)::int AS count,
            CASE WHEN "Statut" = 'en_attente'
                 THEN extract(epoch FROM now() - min("Z_DateCreation"))::float8 END AS "oldestSeconds"
       FROM "APP_Traitement" GROUP BY 1, 2`,
  );
}
