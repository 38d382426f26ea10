import { z } from 'zod';

/**
 * Contracts of the accounting periods (R-LEDG-06 to R-LEDG-09): fiscal years, validation and closing of
 * entries, and the history of the accounting files produced. Shared by the server routes
 * and the web pages; messages in French.
 */

/** The season's fiscal year: 1 September to 31 August. */
export const DEFAULT_FISCAL_YEAR_START_MONTH = 9;

export type FiscalYearStatus = 'ouvert' | 'cloture';

export interface ValidationView {
  id: number;
  /** Last day validated by this act, 'YYYY-MM-DD'. */
  jusquau: string;
  /** When it was done (ISO instant). */
  date: string;
  utilisateur: string;
  nbEcritures: number;
}

export interface FiscalYearView {
  id: number;
  debut: string;
  fin: string;
  /** '2025-2026', or '2026' for a calendar year. */
  libelle: string;
  statut: FiscalYearStatus;
  /** Last validated day, null while nothing is validated. */
  valideJusquau: string | null;
  /** When it was closed (ISO instant), null while open. */
  dateCloture: string | null;
  validations: ValidationView[];
}

export interface FiscalYearsResponse {
  moisDebut: number;
  /** The start month can change only while nothing is validated. */
  moisDebutModifiable: boolean;
  /** The current user may validate and close ('Valider les écritures'). */
  peutValider: boolean;
  /** Oldest first. */
  exercices: FiscalYearView[];
}

export interface ValidationResult {
  exercice: FiscalYearView;
  /** Entries validated by this act (reversals of changed flux included). */
  nbEcritures: number;
  /** Entries per journal code. */
  journaux: Record<string, number>;
}

const isRealDate = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
};

export const fiscalYearSettingsSchema = z.strictObject({
  moisDebut: z
    .number({ error: 'Mois de début invalide' })
    .int('Mois de début invalide')
    .min(1, 'Mois de début invalide : 1 à 12')
    .max(12, 'Mois de début invalide : 1 à 12'),
});

/** A validation date that is no day (typed half, or 30 February). */
export const VALIDATION_DATE_INVALID = 'Date incomplète ou inexistante.';

export const validationInputSchema = z.strictObject({
  jusquau: z
    .string({ error: VALIDATION_DATE_INVALID })
    .regex(/^\d{4}-\d{2}-\d{2}$/, VALIDATION_DATE_INVALID)
    .refine(isRealDate, VALIDATION_DATE_INVALID),
});

export const fiscalYearIdParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Identifiant invalide')
    .transform(Number),
});

export type AccountingFileFormat = 'pnm' | 'csv' | 'fec';

/** One file produced by the SAGE / FEC exports, downloadable again with the same bytes. */
export interface ExportHistoryItem {
  id: number;
  format: AccountingFileFormat;
  du: string;
  au: string;
  /** Journal filter, null for every journal. */
  journaux: string[] | null;
  /** true: read from validated entries only; false: a provisional file ('brouillard'). */
  valide: boolean;
  utilisateur: string;
  /** ISO instant. */
  date: string;
  taille: number;
  sha256: string;
  nbEcritures: number;
  nomFichier: string;
}

export interface ExportHistoryResponse {
  fichiers: ExportHistoryItem[];
}

/** GET /api/exports/fec: one fiscal year (article A47 A-1: the FEC covers a fiscal year). */
export const fecQuerySchema = z.object({
  exercice: z
    .string({ error: 'Exercice invalide' })
    .regex(/^[1-9]\d{0,8}$/, 'Exercice invalide')
    .transform(Number),
  structureId: z.string().optional(),
});
export type FecQuery = z.infer<typeof fecQuerySchema>;

/**
 * Routes (all under the current structure, 'x-structure' as elsewhere):
 * - GET  /api/parametrages-comptables/exercices -> FiscalYearsResponse
 * - PUT  /api/parametrages-comptables/exercices (fiscalYearSettingsSchema) -> FiscalYearsResponse
 * - POST /api/parametrages-comptables/exercices/:id/validation (validationInputSchema) -> ValidationResult
 * - POST /api/parametrages-comptables/exercices/:id/cloture -> ValidationResult
 * - GET  /api/exports/sage/historique -> ExportHistoryResponse (latest 100, newest first)
 * - GET  /api/exports/sage/historique/:id/fichier -> the file's bytes, as first produced
 * - GET  /api/exports/sage?from&to&format&journaux (unchanged) and /api/exports/fec?exercice=id:
 *   header 'x-export-valide: oui|non'; a provisional file's name holds 'BROUILLARD'.
 */
