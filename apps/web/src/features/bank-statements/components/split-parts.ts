import { allocationProblem, centsToDecimal, parseEuroAmount, type BankMatchFlux } from '@gdf/domain';
import { bankStatementMessages as m } from '../messages';

/** A flux of the dialog and the amount typed for it, in euros as the user writes them. */
export interface SplitPart {
  flux: BankMatchFlux;
  text: string;
}

export const eurosText = (cents: number) => centsToDecimal(cents).replace('.', ',');

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
  body: { parts: { ID_FluxFinancier: number; montantCents: number }[] };
}

/** The dialog's parts checked as the server will: amounts that read, then the domain's rules. */
export function checkSplit(creditCents: number, parts: readonly SplitPart[]): SplitCheck {
  const fieldErrors = new Map<number, string>();
  const allocations = parts.map((part) => {
    const cents = parseEuroAmount(part.text);
    if (cents === null || cents === 0) fieldErrors.set(part.flux.ID_FluxFinancier, m.invalidAmount);
    return { fluxId: part.flux.ID_FluxFinancier, amountCents: cents ?? 0 };
  });
  const due = new Map(parts.map((part) => [part.flux.ID_FluxFinancier, part.flux.resteDuCents]));
  const problem = fieldErrors.size > 0 ? null : allocationProblem(creditCents, allocations, due);
  return {
    fieldErrors,
    problem,
    body: {
      parts: allocations.map((part) => ({ ID_FluxFinancier: part.fluxId, montantCents: part.amountCents })),
    },
  };
}
