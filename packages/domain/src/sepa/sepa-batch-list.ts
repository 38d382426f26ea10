/**
 * R-UI-20: the SEPA files already made ('Fichiers déjà générés'), a page at a time and sorted
 * on the server: GET /api/exports/sepa/batches?page=&limit=&tri=&ordre= answers the page's
 * batches, and the count of them all in `SEPA_BATCHES_TOTAL_HEADER`.
 */
import { z } from 'zod';

/** What the list sorts on: creation (the default, newest first), file name, author, flux count, amount. */
export const SEPA_BATCH_SORTS = ['date', 'fichier', 'auteur', 'flux', 'montant'] as const;
export type SepaBatchSort = (typeof SEPA_BATCH_SORTS)[number];

/** The count of every batch the filters keep, whatever the page. */
export const SEPA_BATCHES_TOTAL_HEADER = 'x-total-count';

const SEPA_BATCHES_MAX_PAGE_SIZE = 200;
export const SEPA_BATCHES_DEFAULT_PAGE_SIZE = 50;

export const SEPA_BATCH_LIST_MESSAGES = {
  limit: `taille de page invalide (un nombre de 1 à ${SEPA_BATCHES_MAX_PAGE_SIZE})`,
  page: 'numéro de page invalide (un nombre à partir de 1)',
  sort: `tri invalide (l’un de : ${SEPA_BATCH_SORTS.join(', ')})`,
  direction: 'ordre invalide (asc ou desc)',
} as const;

const positive = (message: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, message);

/** The list's query (strings, as in a URL); `structureId` is the scope's, read elsewhere. */
export const sepaBatchesQuerySchema = z.object({
  limit: positive(SEPA_BATCH_LIST_MESSAGES.limit, SEPA_BATCHES_MAX_PAGE_SIZE).optional(),
  page: positive(SEPA_BATCH_LIST_MESSAGES.page, 1_000_000).optional(),
  tri: z.enum(SEPA_BATCH_SORTS, { message: SEPA_BATCH_LIST_MESSAGES.sort }).optional(),
  ordre: z.enum(['asc', 'desc'], { message: SEPA_BATCH_LIST_MESSAGES.direction }).optional(),
});

/** One page of the list, as asked (defaults filled in). */
export interface SepaBatchPage {
  page: number;
  limit: number;
  sort: SepaBatchSort;
  direction: 'asc' | 'desc';
}

export function sepaBatchPage(query: z.output<typeof sepaBatchesQuerySchema>): SepaBatchPage {
  return {
    page: query.page ?? 1,
    limit: query.limit ?? SEPA_BATCHES_DEFAULT_PAGE_SIZE,
    sort: query.tri ?? 'date',
    direction: query.ordre ?? 'desc',
  };
}
