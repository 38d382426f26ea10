/**
 * The EndToEndId of a generated direct debit: `GDF-<batch>-<flux>` (at most 35 characters,
 * ISO 20022 Max35Text). The bank hands it back unchanged in its pain.002 status reports and
 * camt.054 notifications (EPC SDD rulebook: the creditor's reference travels end to end),
 * so a return finds its flux and the batch that collected it.
 */
export interface SepaEndToEndReference {
  batchId: number;
  fluxId: number;
}

const MAX_ID = 2_147_483_647;

export function sepaEndToEndId(batchId: number, fluxId: number): string {
  return `GDF-${batchId}-${fluxId}`;
}

/** The batch and flux an EndToEndId names, or null when it is not one of ours. */
export function parseSepaEndToEndId(value: string): SepaEndToEndReference | null {
  const match = /^GDF-([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(value.trim());
  if (!match) return null;
  const batchId = Number(match[1]);
  const fluxId = Number(match[2]);
  return batchId <= MAX_ID && fluxId <= MAX_ID ? { batchId, fluxId } : null;
}
