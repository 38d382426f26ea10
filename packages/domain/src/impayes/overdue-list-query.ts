/**
 * R-UI-20, R-DUE-01: what GET /api/impayes is asked: a search by structure name (or federal
 * code), the structure filters (type, ligue, comité, reminded or not), the amount filters
 * (minimum total échu, an ageing bucket holding something), a sort and a page. The format
 * 'xlsx' exports every structure the filters keep, in the sort asked.
 */
import { z } from 'zod';
import type { Cents } from '../money/money';
import { AGEING_BUCKETS, type AgeingBucket } from '../account-statement/account-statement';
import { OVERDUE_SORT_KEYS, sortOverdueRows, type OverdueRow } from './overdue-structures';

export const OVERDUE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const OVERDUE_DEFAULT_PAGE_SIZE = 25;
/** The longest name searched: a structure name is shorter. */
export const OVERDUE_SEARCH_MAX_LENGTH = 100;
const MAX_ID = 2_147_483_647;
/** 1 000 000 000 € in cents: far above any debt, well inside a safe integer. */
const MAX_CENTS = 100_000_000_000;

/** A whole number in a query string, within [min, max]; anything else refused with `message`. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ message })
    .regex(/^\d{1,12}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);

export const overdueListQuerySchema = z.object({
  format: z.enum(['json', 'xlsx'], { message: 'format attendu : json ou xlsx' }).default('json'),
  tri: z.enum(OVERDUE_SORT_KEYS, { message: 'tri inconnu' }).default('total'),
  ordre: z.enum(['asc', 'desc'], { message: 'ordre attendu : asc ou desc' }).default('desc'),
  recherche: z
    .string({ message: 'recherche attendue : un texte' })
    .max(OVERDUE_SEARCH_MAX_LENGTH, `recherche : ${OVERDUE_SEARCH_MAX_LENGTH} caractères au plus`)
    .transform((text) => text.trim())
    .optional(),
  type: wholeNumber(1, 7, 'type de structure attendu : un numéro de 1 à 7').optional(),
  ligueId: wholeNumber(1, MAX_ID, 'ligue attendue : un numéro de structure').optional(),
  comiteId: wholeNumber(1, MAX_ID, 'comité attendu : un numéro de structure').optional(),
  montantMin: wholeNumber(0, MAX_CENTS, 'montant minimum attendu : un nombre entier de centimes').optional(),
  anciennete: z.enum(AGEING_BUCKETS, { message: 'ancienneté attendue : 0-30, 31-60, 61-90 ou 90+' }).optional(),
  relance: z.enum(['oui', 'non'], { message: 'relance attendue : oui ou non' }).optional(),
  page: wholeNumber(1, 1_000_000, 'page attendue : un numéro à partir de 1').default(1),
  parPage: z
    .enum(
      OVERDUE_PAGE_SIZES.map(String) as [string, ...string[]],
      `lignes par page attendues : ${OVERDUE_PAGE_SIZES.join(', ')}`,
    )
    .transform(Number)
    .default(OVERDUE_DEFAULT_PAGE_SIZE),
  structureId: z.string().optional(),
});
export type OverdueListQuery = z.infer<typeof overdueListQuerySchema>;

/** The filters read in SQL, on the structures themselves (the repository narrows the scope with them). */
export interface OverdueStructureFilter {
  recherche?: string;
  type?: number;
  ligueId?: number;
  comiteId?: number;
  relance?: 'oui' | 'non';
}

/** Whether any structure filter is set (else every structure of the scope is read). */
export function hasStructureFilter(filter: OverdueStructureFilter): boolean {
  return Boolean(
    filter.recherche ||
    filter.type !== undefined ||
    filter.ligueId !== undefined ||
    filter.comiteId !== undefined ||
    filter.relance,
  );
}

/**
 * The filters on what is overdue, read after the balance rule (R-BAL-01) has aged each
 * structure's flux: at least `montantMin` overdue in all, something in the bucket `anciennete`.
 */
export function filterOverdueRows(
  rows: readonly OverdueRow[],
  filter: { montantMin?: Cents; anciennete?: AgeingBucket },
): OverdueRow[] {
  const { montantMin, anciennete } = filter;
  return rows.filter(
    (row) => (montantMin === undefined || row.total >= montantMin) && (!anciennete || row.buckets[anciennete] > 0),
  );
}

/** One page of the list and how many structures the filters keep in all. */
export interface OverdueListPage {
  asOf: string;
  rows: OverdueRow[];
  /** Structures the filters keep, over every page. */
  total: number;
  page: number;
  parPage: number;
}

/** The rows the query keeps, sorted as asked (every page: the export's). */
export function selectOverdueRows(rows: readonly OverdueRow[], query: OverdueListQuery): OverdueRow[] {
  return sortOverdueRows(filterOverdueRows(rows, query), query.tri, query.ordre);
}

/** The query's page of rows already selected (a page past the last is empty). */
export function overdueListPage(
  asOf: string,
  selected: readonly OverdueRow[],
  query: Pick<OverdueListQuery, 'page' | 'parPage'>,
): OverdueListPage {
  const start = (query.page - 1) * query.parPage;
  return {
    asOf,
    rows: selected.slice(start, start + query.parPage),
    total: selected.length,
    page: query.page,
    parPage: query.parPage,
  };
}
