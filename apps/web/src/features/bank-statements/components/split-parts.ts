import {
  centsToDecimal,
  parseEuroAmount,
  reconciliationSplitContract,
  type BankMatchFlux,
  type ConfirmReconciliationBody,
} from '@gdf/domain';
import { contractProblems } from '@/lib/forms';

/** A flux of the dialog and the amount typed for it, in euros as the user writes them. */
export interface SplitPart {
  flux: BankMatchFlux;
  text: string;
}

const eurosText = (cents: number) => centsToDecimal(cents).replace('.', ',');

/** A new part: what the flux still owes, capped by what the credit has left (never below a cent). */
export function newPart(flux: BankMatchFlux, creditCents: number, parts: readonly SplitPart[]): SplitPart {
  const left = creditCents - totalOf(parts);
  return { flux, text: eurosText(left > 0 ? Math.min(flux.resteDuCents, left) : flux.resteDuCents) };
}

/** The sum of the parts whose amount reads. */
export function totalOf(parts: readonly SplitPart[]): number {
  return parts.reduce((sum, part) => sum + (parseEuroAmount(part.text) ?? 0), 0);
}

export interface SplitCheck {
  /** Per flux id, the amount that does not read. */
  fieldErrors: Map<number, string>;
  /** The domain's reason the parts cannot be confirmed (allocationProblem), null when sound. */
  problem: string | null;
  body: ConfirmReconciliationBody;
}

/** The dialog's parts checked as typed with the split's contract: amounts that read, then the server's rule. */
export function checkSplit(creditCents: number, parts: readonly SplitPart[]): SplitCheck {
  const request = {
    parts: parts.map((part) => ({
      ID_FluxFinancier: part.flux.ID_FluxFinancier,
      resteDuCents: part.flux.resteDuCents,
      text: part.text,
    })),
  };
  const problems = contractProblems(reconciliationSplitContract(creditCents), request);
  const fieldErrors = new Map<number, string>();
  parts.forEach((part, index) => {
    const problem = problems[`parts.${index}.text`];
    if (problem) fieldErrors.set(part.flux.ID_FluxFinancier, problem);
  });
  return {
    fieldErrors,
    problem: problems.root ?? null,
    body: {
      parts: request.parts.map((part) => ({
        ID_FluxFinancier: part.ID_FluxFinancier,
        montantCents: parseEuroAmount(part.text) ?? 0,
      })),
    },
  };
}
