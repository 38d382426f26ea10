import { z } from 'zod';

/**
 * Contracts of durable jobs ('traitements', R-JOB-01 to R-JOB-04, ADR 0050): long work runs
 * as a job with progress, cancellation and a result kept afterwards. Shared by the server's
 * routes and the web's 'Mes traitements'.
 */

export const JOBS_URL = '/api/traitements';
export const jobUrl = (id: number) => `${JOBS_URL}/${id}`;
export const jobResultUrl = (id: number) => `${JOBS_URL}/${id}/resultat`;

export type JobStatus = 'en_attente' | 'en_cours' | 'termine' | 'echoue' | 'annule';

/** A job is over in these states: nothing will change it again. */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['termine', 'echoue', 'annule'];
export const isJobFinished = (status: JobStatus) => FINISHED_JOB_STATUSES.includes(status);

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  en_attente: 'En attente',
  en_cours: 'En cours',
  termine: 'Terminé',
  echoue: 'Échoué',
  annule: 'Annulé',
};

export interface JobView {
  id: number;
  /** The job kind, e.g. 'validation_ecritures'. */
  type: string;
  /** What the user asked, in French ('Validation des écritures 2025-2026 jusqu’au 31/08/2026'). */
  libelle: string;
  statut: JobStatus;
  /** Asked to stop; it stops after the step it is in (rolled back). */
  annulationDemandee: boolean;
  /** Progress: units done of `total` (null while unknown). */
  fait: number;
  total: number | null;
  /** The step running now, in French. */
  etape: string | null;
  /** ISO instants. */
  creeLe: string;
  debuteLe: string | null;
  termineLe: string | null;
  /** Why it failed, in French. */
  erreur: string | null;
  /** The job's summary once finished (its kind says what it holds). */
  resultat: Record<string, unknown> | null;
  /** A result file to download (jobResultUrl), or null. */
  fichier: { nom: string } | null;
  /** The current user may cancel it (their own job, still waiting or running). */
  annulable: boolean;
}

export interface JobsResponse {
  /** Newest first: the running ones, then the latest finished ones. */
  traitements: JobView[];
}

/** A request that started a job and did not wait for its end: 202 with the job. */
export interface JobAccepted {
  traitement: JobView;
}

export const jobIdParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Identifiant invalide')
    .transform(Number),
});

/**
 * Routes:
 * - GET  /api/traitements -> JobsResponse (the current user's jobs)
 * - GET  /api/traitements/:id -> JobView
 * - POST /api/traitements/:id/annulation -> JobView (404 when not the user's)
 * - GET  /api/traitements/:id/resultat -> the result file, or the summary as JSON
 */

export * from './job-kinds';
