import { z } from 'zod';
import { statementDaySchema } from '../account-statement/statement-request';

/**
 * The kinds of durable jobs (R-JOB-05 to R-JOB-09, ADR 0055): which work goes to the
 * background, from what size, and the French names 'Mes traitements' shows. One runtime
 * carries them all (ADR 0050); the server registers a kind per type below.
 */
export const JOB_KIND = {
  /** 'Valider les écritures' and 'Clôturer l'exercice' (R-JOB-01). */
  validation: 'validation_ecritures',
  /** A document pack built in the background (R-JOB-05). */
  documentPack: 'lot_documents',
  /** Relevés de compte of many structures at once (R-JOB-06). */
  statements: 'releves_en_lot',
  /** A large bank statement file (R-JOB-07). */
  bankImport: 'import_releve_bancaire',
  /** The documents of flux created before issuance, for the whole fleet at once (R-JOB-08). */
  issuanceBackfill: 'emission_documents',
  /** Reminder letters to many structures (R-JOB-09). */
  reminders: 'relances_en_lot',
  /** Issued documents e-mailed to their structures, one or many (R-MAIL-04, R-MAIL-08). */
  mail: 'envoi_email',
  /** Invoices to many structures at once, 'Création factures' (R-INV-09). */
  bulkInvoicing: 'facturation_en_lot',
  /** The month's 'Récapitulatif mensuel' of every structure, then its e-mails (R-RECAP-05). */
  monthlyRecaps: 'recapitulatifs_mensuels',
} as const;
export type JobKindType = (typeof JOB_KIND)[keyof typeof JOB_KIND];

/** R-JOB-05: a pack of more documents than this is built in the background, and any pack asked so. */
export const DOCUMENT_PACK_BACKGROUND_ABOVE = 500;
/** R-JOB-07: a bank statement file of more entries, or more bytes, than these is imported in the background. */
export const BANK_IMPORT_BACKGROUND_ENTRIES = 2_000;
export const BANK_IMPORT_BACKGROUND_BYTES = 1024 * 1024;
/** R-JOB-09: letters to more structures than this are issued in the background, and any batch asked so. */
export const REMINDERS_BACKGROUND_ABOVE = 20;
/** R-JOB-06: structures one batch of relevés de compte names at most. */
export const MAX_STATEMENTS_PER_BATCH = 2_000;

/** R-JOB-05, R-JOB-09: whether a work of `size` units runs as a job (above `threshold`, or when the user chose it). */
export function runsInBackground(size: number, threshold: number, asked = false): boolean {
  return asked || size > threshold;
}

/** R-JOB-07: whether a bank statement file is imported as a job. */
export function bankImportRunsInBackground(
  file: { entries: number; bytes: number },
  limits: { entries: number; bytes: number } = {
    entries: BANK_IMPORT_BACKGROUND_ENTRIES,
    bytes: BANK_IMPORT_BACKGROUND_BYTES,
  },
): boolean {
  return file.entries > limits.entries || file.bytes > limits.bytes;
}

const frenchInteger = (value: number) => value.toLocaleString('fr-FR');
const plural = (count: number, one: string, many: string) => `${frenchInteger(count)} ${count > 1 ? many : one}`;
const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The names 'Mes traitements' gives each job (APP_Traitement.Libelle), in French. */
export const JOB_LABELS = {
  documentPack: (documents: number, kinds: readonly string[]) =>
    `Lot de ${plural(documents, 'document', 'documents')} (${kinds
      .map((kind) => (kind === 'facture' ? 'factures' : 'relevés d’opération'))
      .join(' et ')})`,
  statements: (structures: number, from: string, to: string) =>
    `Relevés de compte de ${plural(structures, 'structure', 'structures')} du ${frenchDay(from)} au ${frenchDay(to)}`,
  bankImport: (fileName: string, entries: number) =>
    `Import du relevé bancaire ${fileName} (${plural(entries, 'écriture', 'écritures')})`,
  issuanceBackfill: 'Émission des documents des flux antérieurs',
  reminders: (structures: number) => `Lettres de relance à ${plural(structures, 'structure', 'structures')}`,
  mail: (documents: number, subject: string | null) =>
    documents === 1 && subject
      ? `Envoi par e-mail : ${subject}`
      : `Envoi par e-mail de ${plural(documents, 'document', 'documents')}`,
  bulkInvoicing: (structures: number, label: string) =>
    `Facturation en lot « ${label} » (${plural(structures, 'structure', 'structures')})`,
  monthlyRecaps: (month: string) => `Récapitulatifs mensuels de ${month.slice(5, 7)}/${month.slice(0, 4)}`,
} as const;

/** POST /api/releves-de-compte/lots (R-JOB-06): one relevé per structure over one period, as a job. */
export const STATEMENT_BATCH_URL = '/api/releves-de-compte/lots';

export const statementBatchRequestSchema = z
  .object({
    structureIds: z
      .array(z.number().int().positive().max(2_147_483_647), { message: 'liste de structures attendue' })
      .min(1, 'Sélectionnez au moins une structure.')
      .max(MAX_STATEMENTS_PER_BATCH, `Au plus ${frenchInteger(MAX_STATEMENTS_PER_BATCH)} structures par lot.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Une structure est sélectionnée deux fois.'),
    du: statementDaySchema.optional(),
    au: statementDaySchema.optional(),
    /** A season's id: its bounds, when du and au are not given (default: the current season). */
    saison: z.number().int().positive().optional(),
  })
  .strict()
  .refine((request) => Boolean(request.du) === Boolean(request.au), {
    message: 'Précisez les deux dates (du et au), ou aucune.',
    path: ['du'],
  });
export type StatementBatchRequest = z.infer<typeof statementBatchRequestSchema>;

/** What a batch of relevés leaves (the job's summary; its ZIP holds the PDFs). */
export interface StatementBatchResult {
  du: string;
  au: string;
  emis: Array<{ structureId: number; structure: string; numero: string; id: number; nouveau: boolean }>;
  /** Structures left out, with the French reason (the day's quota reached for it). */
  ignores: Array<{ structureId: number; structure: string; raison: string }>;
}

/** What a reminder batch leaves (the job's summary; its ZIP holds the letters). */
export interface ReminderBatchResult {
  emises: Array<{ id: number; structureId: number; structure: string; niveau: number; centimes: number }>;
  ignorees: Array<{ structureId: number; structure: string; raison: string }>;
}
