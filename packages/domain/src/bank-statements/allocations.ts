import type { Cents } from '../money/money';
import { BANK_STATEMENT_TEXT } from './bank-statement-messages';
import type { Allocation } from './matching';

/**
 * The parts a user confirms for one credit (R-BANK-04: confirm, correct or split): at least
 * one flux, each once, each part a positive whole number of cents not above what the flux
 * still owes, and all parts together not above the credit. Null when they are sound, else
 * the French reason. `dueByFlux` holds the open flux in scope with what they still owe.
 */
export function allocationProblem(
  entryAmountCents: Cents,
  allocations: readonly Allocation[],
  dueByFlux: ReadonlyMap<number, Cents>,
): string | null {
  if (allocations.length === 0) return BANK_STATEMENT_TEXT.noAllocation;
  if (new Set(allocations.map((part) => part.fluxId)).size !== allocations.length) {
    return BANK_STATEMENT_TEXT.duplicateFlux;
  }
  for (const part of allocations) {
    if (!Number.isSafeInteger(part.amountCents) || part.amountCents <= 0) return BANK_STATEMENT_TEXT.badAmount;
    const due = dueByFlux.get(part.fluxId);
    if (due === undefined) return BANK_STATEMENT_TEXT.fluxNotOpen(part.fluxId);
    if (part.amountCents > due) return BANK_STATEMENT_TEXT.overFluxDue(part.fluxId, due);
  }
  const total = allocations.reduce((sum, part) => sum + part.amountCents, 0);
  return total > entryAmountCents ? BANK_STATEMENT_TEXT.overEntry(total, entryAmountCents) : null;
}

/** A flux is settled when its confirmed parts reach its amount. */
export function settlesFlux(fluxAmountCents: Cents, allocatedCents: Cents): boolean {
  return allocatedCents >= fluxAmountCents;
}
