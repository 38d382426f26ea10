/**
 * The 'Corriger' dialog's parts as a contract (R-BANK-04): each amount typed in euros reads
 * as a positive number of cents, then the parts obey `allocationProblem`, the rule the
 * server applies to the same body; the parsed value is that body (`confirmReconciliationSchema`).
 */
import { z } from 'zod';
import { parseEuroAmount } from '../flux/amount-filter';
import { allocationProblem } from './allocations';
import { confirmReconciliationSchema } from './bank-statement-contracts';

export const SPLIT_FORM_MESSAGES = {
  invalidAmount: 'Montant en euros positif, deux décimales au plus (ex. 12,50).',
} as const;

/** One part as the dialog holds it: the flux, what it still owes, the amount as typed. */
export interface SplitFormPart {
  ID_FluxFinancier: number;
  resteDuCents: number;
  text: string;
}

const part = z.object({
  ID_FluxFinancier: z.number().int().positive(),
  resteDuCents: z.number().int(),
  text: z.string(),
});

/** Amount issues on `parts.<i>.text`; the rule across the parts (no path) once every amount reads. */
export function reconciliationSplitContract(creditCents: number) {
  return z
    .object({ parts: z.array(part) })
    .check((context) => {
      const { parts } = context.value;
      const cents = parts.map((item) => parseEuroAmount(item.text));
      cents.forEach((value, index) => {
        if (value === null || value === 0) {
          const path = ['parts', index, 'text'];
          context.issues.push({
            code: 'custom',
            message: SPLIT_FORM_MESSAGES.invalidAmount,
            path,
            input: context.value,
          });
        }
      });
      if (context.issues.length > 0) return;
      const allocations = parts.map((item, index) => ({
        fluxId: item.ID_FluxFinancier,
        amountCents: cents[index] ?? 0,
      }));
      const due = new Map(parts.map((item) => [item.ID_FluxFinancier, item.resteDuCents]));
      const problem = allocationProblem(creditCents, allocations, due);
      if (problem) context.issues.push({ code: 'custom', message: problem, path: [], input: context.value });
    })
    .transform(({ parts }) => ({
      parts: parts.map((item) => ({
        ID_FluxFinancier: item.ID_FluxFinancier,
        montantCents: parseEuroAmount(item.text) ?? 0,
      })),
    }))
    .pipe(confirmReconciliationSchema);
}
