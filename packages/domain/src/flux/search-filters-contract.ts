/**
 * The flux search filters as a contract (R-SEARCH-01 to R-SEARCH-03, R-SEARCH-15): the shape
 * the web sends (a document pack's `filters`) and the rules of `validateFluxFilters`, with the
 * same French messages on the same fields. The search form and the server parse with it.
 */
import { z } from 'zod';
import { FLUX_PAYMENT_STATUSES } from './payment-status';
import { FLUX_SELECTION_MAX } from './flux-selection';
import { FLUX_FILTER_MESSAGES, validateFluxFilters, type FluxSearchFilters } from './search-filters';

/** A text filter longer than this is no search anyone types. */
export const MAX_FLUX_FILTER_LENGTH = 200;

const text = z.string().max(MAX_FLUX_FILTER_LENGTH, `${MAX_FLUX_FILTER_LENGTH} caractères au plus`);
// Whether the day exists and is not in the future is the rules' part (their message).
const isoDay = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, FLUX_FILTER_MESSAGES.invalidDate)]);
const id = z.number().int().positive().nullable();

/** The search form's values (FluxSearchFilters), their shape only. */
export const fluxSearchFiltersSchema = z
  .object({
    season: id,
    structureId: id,
    licence: text,
    lastName: text,
    codeFederal: text,
    label: text,
    startDate: isoDay,
    endDate: isoDay,
    status: z.enum(['', ...FLUX_PAYMENT_STATUSES]),
    fluxId: text,
    minAmount: text,
    maxAmount: text,
    category: id,
    settledFrom: isoDay,
    settledTo: isoDay,
    selection: z
      .object({
        ids: z.array(z.number().int().positive().max(2_147_483_647)).max(FLUX_SELECTION_MAX),
        returnDay: isoDay,
      })
      .strict()
      .nullable(),
  })
  .strict() satisfies z.ZodType<FluxSearchFilters>;

/**
 * The shape and the rules, on `today` (the Paris day, YYYY-MM-DD): each rule's message on its
 * field; 'every filter empty' on the whole (no path). A field the shape already refused keeps
 * the shape's message only.
 */
export function fluxSearchFiltersContract(today: string) {
  return fluxSearchFiltersSchema.check((context) => {
    const refused = new Set(context.issues.map((issue) => (issue.path ?? []).join('.')));
    for (const [field, message] of Object.entries(validateFluxFilters(context.value, today))) {
      const path = field === 'form' ? [] : [field];
      if (!refused.has(path.join('.'))) context.issues.push({ code: 'custom', message, path, input: context.value });
    }
  });
}
