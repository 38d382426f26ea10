import type { Cents } from '../money/money';
import type { BankStatementEntry } from './bank-statement';
import type { EntryReferences } from './references';
import { ProposalSet, proposeBatches, proposeByIban, proposePayerFlux, proposeReferenced } from './match-proposals';
import type { FluxLicensee, IdentifiedPayer, StructureNameIndex } from './payer-names';

export { OTHER_STRUCTURE_MAX_SCORE, matchConfidence } from './match-proposals';

/**
 * Matching of a bank credit to the flux it pays (R-BANK-02, R-BANK-03). Proposed, never
 * applied: the user confirms. Criteria, strongest first:
 * (a) a reference in the entry (invoice number, flux id, EndToEndId, batch id),
 * (b) the amount equal to one flux's due amount, or to the sum of a batch's or a structure's
 *     open flux,
 * (c) the debtor's IBAN equal to a structure's RIB,
 * (d) a date window: without a reference, only flux created at most MATCH_WINDOW_DAYS days
 *     before the booking day (and not after it) are proposed.
 */
export const MATCH_WINDOW_DAYS = 180;
/** Proposals kept per entry, best first. */
export const MAX_PROPOSALS = 5;

/** An unsettled flux a credit may pay, with what is still due on it. */
export interface OpenFlux {
  id: number;
  seasonId: number;
  structureId: number;
  /** The flux's amount (MontantTTC). */
  amountCents: Cents;
  /** Still due: the amount less the parts of confirmed reconciliations. */
  dueCents: Cents;
  /** The SEPA batch that collected it, null when none. */
  batchId: number | null;
  /** The bank rejected or returned this direct debit. */
  rejected: boolean;
  /** yyyy-mm-dd (Europe/Paris). */
  createdDay: string;
  /** The licensee the flux bills, when it names one (R-BANK-09 (c)). */
  licensee?: FluxLicensee | null;
}

/** A bank debit of a SEPA batch's rejects (R-BANK-11): it explains the gap of the batch's credit. */
export interface RejectDebit {
  entryId: number;
  amountCents: Cents;
  /** yyyy-mm-dd. */
  bookingDate: string;
}

/** The candidates loaded for a set of entries, indexed the ways the criteria look them up. */
export interface MatchingData {
  flux: ReadonlyMap<number, OpenFlux>;
  /** Open flux of each batch some entry names. */
  batchFlux: ReadonlyMap<number, readonly OpenFlux[]>;
  /**
   * Structures this IBAN (normalised) designates: their RIBs, the accounts of their SEPA
   * mandates, and the payers of entries from this IBAN reconciled with their flux (R-BANK-09 (a)).
   */
  structuresByIban: ReadonlyMap<string, readonly number[]>;
  /** Open flux of the structures found by IBAN or reference. */
  fluxByStructure: ReadonlyMap<number, readonly OpenFlux[]>;
  /** Open flux in the window, by due amount. */
  fluxByDue: ReadonlyMap<Cents, readonly OpenFlux[]>;
  /** Structure names, for the payer's name (R-BANK-09 (b)). */
  structureNames?: StructureNameIndex;
  /** The structure and season of every flux a reference names, settled ones included. */
  referencedStructures?: ReadonlyMap<number, { structureId: number; seasonId: number }>;
  /** The structures whose open flux bill the holder of a licence number. */
  structuresByLicence?: ReadonlyMap<number, readonly number[]>;
  /** Debits of the bank naming a batch, by batch (R-BANK-11). */
  rejectDebits?: ReadonlyMap<number, readonly RejectDebit[]>;
}

export type MatchReason =
  | 'facture'
  | 'flux'
  | 'bout_en_bout'
  | 'lot'
  | 'montant'
  | 'montant_lot'
  | 'montant_structure'
  | 'montant_different'
  | 'iban'
  | 'payeur'
  | 'licencie'
  | 'autre_structure'
  | 'rejets_lot';
export type MatchConfidence = 'sure' | 'probable' | 'possible';

export interface MatchProposal {
  fluxIds: number[];
  /** What the flux still owe together. */
  dueCents: Cents;
  /** 0-100. */
  score: number;
  confidence: MatchConfidence;
  reasons: MatchReason[];
  /** R-BANK-10: a flux of another structure than the identified payer (never first, never sure). */
  otherStructure: boolean;
  /** R-BANK-11: the bank's debit of the batch's rejects, proposed with the batch's credit. */
  rejectDebit: RejectDebit | null;
}

export type MatchableEntry = Pick<BankStatementEntry, 'amountCents' | 'bookingDate' | 'debtorIban'> &
  Partial<Pick<BankStatementEntry, 'debtorName'>>;

const dayNumber = (isoDay: string): number =>
  Date.UTC(+isoDay.slice(0, 4), +isoDay.slice(5, 7) - 1, +isoDay.slice(8, 10)) / 86_400_000;

/** Created at most MATCH_WINDOW_DAYS days before the booking day, and not after it. */
export function inMatchWindow(flux: Pick<OpenFlux, 'createdDay'>, bookingDate: string): boolean {
  const age = dayNumber(bookingDate) - dayNumber(flux.createdDay);
  return age >= 0 && age <= MATCH_WINDOW_DAYS;
}

/** The flux an entry's references name, each once, found among the open flux. */
function referencedFlux(references: EntryReferences, data: MatchingData): { flux: OpenFlux[]; reasons: MatchReason[] } {
  const found = new Map<number, OpenFlux>();
  const reasons = new Set<MatchReason>();
  const take = (id: number, reason: MatchReason, accept: (flux: OpenFlux) => boolean = () => true) => {
    const flux = data.flux.get(id);
    if (flux && accept(flux)) {
      found.set(id, flux);
      reasons.add(reason);
    }
  };
  for (const invoice of references.invoices)
    take(invoice.fluxId, 'facture', (flux) => flux.seasonId === invoice.seasonId);
  for (const id of references.fluxIds) take(id, 'flux');
  for (const item of references.endToEnd) take(item.fluxId, 'bout_en_bout', (flux) => flux.batchId === item.batchId);
  return { flux: [...found.values()], reasons: [...reasons] };
}

/**
 * The proposals for one credit entry, best first (at most MAX_PROPOSALS). Scores:
 * references whose flux owe exactly the amount 100; a named batch whose non-rejected open
 * flux owe the amount 100 (a batch credited as one line settles all of them); one of
 * several referenced flux owing the amount 95; a structure found by IBAN with one flux owing
 * the amount 90 (85 when it has several), all its open flux owing it together 80; references
 * owing another amount 65 (a partial payment: split it), a named batch owing another amount
 * 55; the amount alone 60 when one flux in the window owes it, 40 each when several do.
 */
export function proposeMatches(
  entry: MatchableEntry,
  references: EntryReferences,
  data: MatchingData,
  payer: IdentifiedPayer | null = null,
): MatchProposal[] {
  const proposals = new ProposalSet();
  const amount = entry.amountCents;
  proposeReferenced(proposals, referencedFlux(references, data), amount);
  proposeBatches(proposals, references, data, amount);
  proposeByIban(proposals, entry, data);
  const sameAmount = (data.fluxByDue.get(amount) ?? []).filter((flux) => inMatchWindow(flux, entry.bookingDate));
  for (const flux of sameAmount) proposals.propose([flux], sameAmount.length === 1 ? 60 : 40, ['montant']);
  if (payer) {
    proposePayerFlux(entry, references, data, payer.structureId, sameAmount, proposals);
    proposals.capOtherStructures(payer.structureId);
  }
  return proposals.best(MAX_PROPOSALS);
}

/**
 * R-BANK-10: the proposal 'Rapprocher' offers first (highlighted): the best one, unless it is
 * for another structure than the identified payer: then none is.
 */
export function highlightedProposal<T extends { otherStructure: boolean }>(proposals: readonly T[]): T | null {
  const [best] = proposals;
  return best && !best.otherStructure ? best : null;
}

/** A part of a credit given to one flux when the user confirms (split: several parts). */
export interface Allocation {
  fluxId: number;
  amountCents: Cents;
}

/**
 * The parts a proposal gives by default: each flux what it still owes, the last one capped
 * so the parts never exceed the credit (a partial payment settles part of a flux).
 */
export function defaultAllocations(
  entryAmountCents: Cents,
  flux: readonly Pick<OpenFlux, 'id' | 'dueCents'>[],
): Allocation[] {
  let left = entryAmountCents;
  const parts: Allocation[] = [];
  for (const item of flux) {
    const part = Math.min(item.dueCents, left);
    if (part <= 0) break;
    parts.push({ fluxId: item.id, amountCents: part });
    left -= part;
  }
  return parts;
}
