import { z } from 'zod';
import { isSupportedDay, SUPPORTED_YEARS } from '../flux/paris-day';

/** GET /api/structures/{id}/releve-de-compte?du&au&format: a structure's account statement (R-STMT-03). */
export function accountStatementPath(structureId: number): string {
  return `/api/structures/${structureId}/releve-de-compte`;
}

export const ACCOUNT_STATEMENT_FORMATS = ['json', 'pdf', 'xlsx'] as const;
export type AccountStatementFormat = (typeof ACCOUNT_STATEMENT_FORMATS)[number];

/**
 * New statements a user issues per structure and Paris day at most: each is stored for good,
 * and issuing is open to every reader of the structure. Counted per user, so one reader never
 * uses up another's; the same statement asked again is not new.
 */
export const MAX_NEW_STATEMENTS_PER_DAY = 50;

export const ACCOUNT_STATEMENT_MESSAGES = {
  dailyLimit: (count: number) =>
    `Vous avez déjà émis ${count} relevé${count > 1 ? 's' : ''} de compte aujourd’hui pour cette structure, le maximum par jour : ` +
    'retéléchargez un relevé émis, ou réessayez demain.',
} as const;

/** A statement covers at most this many days (five years): beyond, ask several. */
export const MAX_STATEMENT_DAYS = 5 * 366;

/** A relevé's day: AAAA-MM-JJ, a day that exists, within the supported years. */
export const statementDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date attendue au format AAAA-MM-JJ')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'date inexistante')
  .refine(isSupportedDay, `date hors des années ${SUPPORTED_YEARS.first} à ${SUPPORTED_YEARS.last}`);

/**
 * `du` and `au` (inclusive Paris days) default to the bounds of `saison`, else of the current
 * season, each alone or both; `format` defaults to json.
 */
export const accountStatementQuerySchema = z
  .object({
    du: statementDaySchema.optional(),
    au: statementDaySchema.optional(),
    format: z.enum(ACCOUNT_STATEMENT_FORMATS, { message: 'format attendu : json, pdf ou xlsx' }).default('json'),
    download: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((value) => value === '1' || value === 'true'),
    structureId: z.string().optional(),
    /** A season's id (FEDE_Saison): its bounds, when du and au are not given. */
    saison: z.coerce.number({ message: 'saison attendue : un identifiant' }).int().positive().optional(),
  })
  .superRefine((query, context) => {
    if (!query.du || !query.au) return;
    const problem = statementPeriodProblem(query.du, query.au);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['du'] });
  });

/**
 * Why `from`..`to` is not a statement period, or null: checked on the query, and again once
 * a missing bound has taken the current season's.
 */
export function statementPeriodProblem(from: string, to: string): string | null {
  if (from > to) return 'la date de début (du) doit précéder la date de fin (au)';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days >= MAX_STATEMENT_DAYS) return 'un relevé couvre au plus cinq ans';
  return null;
}

/** GET: the statements issued for a structure, newest first. */
export function issuedAccountStatementsPath(structureId: number): string {
  return `/api/structures/${structureId}/releves-de-compte`;
}

/** GET ?format=pdf|xlsx: the stored bytes of one issued statement. */
export function issuedAccountStatementPath(statementId: number): string {
  return `/api/releves-de-compte/${statementId}`;
}

export const issuedAccountStatementQuerySchema = z.object({
  format: z.enum(['pdf', 'xlsx'], { message: 'format attendu : pdf ou xlsx' }).default('pdf'),
  download: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  structureId: z.string().optional(),
});

/** An issued statement as the list shows it (amounts in cents). */
export interface IssuedAccountStatementSummary {
  id: number;
  number: string;
  from: string;
  to: string;
  /** The Paris day its overdue flux were aged at: the day it was issued. */
  asOf: string;
  issuedAt: string;
  closingBalance: number;
  overdueTotal: number;
}

/** "RC-2026-000042": the issue year, then the statement's id on six digits at least. */
export function accountStatementNumber(id: number, issueDay: string): string {
  return `RC-${issueDay.slice(0, 4)}-${String(id).padStart(6, '0')}`;
}
