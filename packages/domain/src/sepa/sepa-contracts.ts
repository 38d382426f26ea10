import { z } from 'zod';
import type { Cents } from '../money/money';
import type { SepaExclusionCode } from './debtor-eligibility';
import type { SepaBatchStateCode, SepaCountAmount } from './batch-state';
import { parisToday } from '../flux/paris-day';
import { PAIN008_VERSIONS } from './pain008-types';
import { addTargetDays, earliestCollectionDate } from './target-calendar';

/** Category 5 = Prélèvement SEPA (R-FLUX-03): the default selection. */
export const SEPA_DEFAULT_CATEGORIES = [5] as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date attendue au format AAAA-MM-JJ')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && isRealDay(value), 'date inexistante');
const id = z.number().int().positive().max(2_147_483_647);

function isRealDay(value: string): boolean {
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/** GET .../preview query: categories as "5" or "4,5". */
export const sepaPreviewQuerySchema = z.object({
  dateEcheance: isoDate,
  saison: z
    .string()
    .regex(/^\d{1,9}$/, 'saison invalide')
    .transform(Number)
    .optional(),
  categories: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'liste de catégories invalide (ex. 4,5)')
    .transform((list) => [...new Set(list.split(',').map(Number))])
    .optional(),
});

/** POST body of a generation. */
export const sepaGenerateBodySchema = z.object({
  dateEcheance: isoDate,
  saison: id.optional(),
  categories: z.array(id).min(1).max(20).optional(),
  version: z.enum(PAIN008_VERSIONS).optional(),
});
export type SepaGenerateBody = z.input<typeof sepaGenerateBodySchema>;

export interface SepaPreviewStructure {
  ID_Structure: number;
  NomStructure: string;
  /** The structure's federal code (searchable on the SEPA page); absent in older answers. */
  ID_CodeFederal?: string | null;
  nbFlux: number;
  totalCents: Cents;
}

export interface SepaExcludedStructure extends SepaPreviewStructure {
  code: SepaExclusionCode;
  /** French reason shown to the user. */
  motif: string;
}

export interface SepaPreview {
  dateEcheance: string;
  nbFlux: number;
  totalCents: Cents;
  structures: SepaPreviewStructure[];
  exclues: SepaExcludedStructure[];
}

/** What a generation made: the file and the structures left out of it, with why. */
export interface SepaGenerated {
  batchId: number;
  fileName: string;
  nbFlux: number;
  totalCents: Cents;
  exclues: SepaExcludedStructure[];
  /** The pain.008 file itself. */
  xml: string;
}

export interface SepaBatch {
  id: number;
  NomFichier: string;
  Z_DateCreation: string;
  /** Who generated it: "Prénom Nom". */
  auteur: string;
  nbFlux: number;
  totalCents: Cents;
  /** Whether the file is kept and can be downloaded again (the seeded history has none; never once cancelled). */
  fichierDisponible: boolean;
  /** When it was cancelled ('Annulé'), null while it stands. */
  annuleLe: string | null;
  /** Who cancelled it: "Prénom Nom", null while it stands. */
  annulePar: string | null;
  /** Whether it may still be cancelled (sepaCancellationRefusal); the server checks again. */
  annulable: boolean;
  /** R-RET-07: its state, derived from its debits (sepaBatchState). */
  etat: SepaBatchStateCode;
  /** The requested collection date (YYYY-MM-DD); null for batches recorded without it. */
  dateEcheance: string | null;
  /** Presented and not rejected: collected, or to be on the collection date. */
  preleves: SepaCountAmount;
  /** Rejected or returned by the bank (R-RET-02). */
  rejetes: SepaCountAmount;
  /** Rejected, then relaunched (R-RET-06). */
  relances: SepaCountAmount;
}

/** POST .../batches/:id/cancel: what the cancellation released for the next file. */
export interface SepaBatchCancellation {
  id: number;
  annuleLe: string;
  nbFluxLiberes: number;
  totalCents: Cents;
}

/** GET /api/exports/sepa/calendar: what the date picker needs (TARGET calendar, lead time). */
export interface SepaCalendar {
  /** The server's Europe/Paris day. */
  today: string;
  /** SEPA_MIN_LEAD_DAYS: TARGET days between the file and the collection date. */
  minLeadDays: number;
  /** The first collection date a file generated today may request. */
  earliestDate: string;
}

/** A collection date with some slack for the bank: `extraDays` TARGET days after the earliest (D-1) one. */
export function defaultCollectionDate(today: Date, extraDays = 3): string {
  return addTargetDays(earliestCollectionDate(parisToday(today), 1), extraDays);
}
