import type { Cents } from '../money/money';
import type {
  MatchConfidence,
  MatchProposal,
  MatchReason,
  MatchableEntry,
  MatchingData,
  OpenFlux,
  RejectDebit,
} from './matching';
import { namesLicensee } from './payer-names';
import type { EntryReferences } from './references';

/** The criteria of proposeMatches (R-BANK-02, R-BANK-03, R-BANK-10, R-BANK-11), each adding its proposals. */

export function matchConfidence(score: number): MatchConfidence {
  if (score >= 90) return 'sure';
  return score >= 60 ? 'probable' : 'possible';
}

/** The highest score a proposal for another structure than the payer keeps: 'Possible'. */
export const OTHER_STRUCTURE_MAX_SCORE = 59;

const dueOf = (flux: readonly OpenFlux[]): Cents => flux.reduce((sum, item) => sum + item.dueCents, 0);

/** The proposals of one entry, one per set of flux, the best score kept. */
export class ProposalSet {
  private readonly proposals = new Map<string, MatchProposal>();
  private readonly structures = new Map<string, Set<number>>();

  propose(flux: readonly OpenFlux[], score: number, reasons: MatchReason[], rejectDebit: RejectDebit | null = null) {
    if (flux.length === 0) return;
    const fluxIds = flux.map((item) => item.id).sort((a, b) => a - b);
    const key = fluxIds.join(',');
    const existing = this.proposals.get(key);
    if (existing && existing.score >= score) return;
    this.structures.set(key, new Set(flux.map((item) => item.structureId)));
    this.proposals.set(key, {
      fluxIds,
      dueCents: dueOf(flux),
      score,
      confidence: matchConfidence(score),
      reasons,
      otherStructure: false,
      rejectDebit,
    });
  }

  /** R-BANK-10: another structure's flux than the identified payer's is never sure, never first. */
  capOtherStructures(payerId: number): void {
    for (const [key, proposal] of this.proposals) {
      if ([...this.structures.get(key)!].every((id) => id === payerId)) continue;
      const score = Math.min(proposal.score, OTHER_STRUCTURE_MAX_SCORE);
      this.proposals.set(key, {
        ...proposal,
        score,
        confidence: matchConfidence(score),
        reasons: [...proposal.reasons, 'autre_structure'],
        otherStructure: true,
      });
    }
  }

  /** The `count` best, the payer's own first. */
  best(count: number): MatchProposal[] {
    return [...this.proposals.values()]
      .sort(
        (a, b) =>
          Number(a.otherStructure) - Number(b.otherStructure) ||
          b.score - a.score ||
          a.fluxIds.length - b.fluxIds.length ||
          a.fluxIds[0]! - b.fluxIds[0]!,
      )
      .slice(0, count);
  }
}

/** The flux the entry's references name: all of them owing the amount, one owing it, or a partial payment. */
export function proposeReferenced(
  proposals: ProposalSet,
  named: { flux: OpenFlux[]; reasons: MatchReason[] },
  amount: Cents,
): void {
  if (named.flux.length === 0) return;
  if (dueOf(named.flux) === amount) return proposals.propose(named.flux, 100, [...named.reasons, 'montant']);
  const exact = named.flux.filter((flux) => flux.dueCents === amount);
  for (const flux of exact) proposals.propose([flux], 95, [...named.reasons, 'montant']);
  if (exact.length === 0) proposals.propose(named.flux, 65, [...named.reasons, 'montant_different']);
}

/** The batches the entry names: their non-rejected open flux, with the bank's debit of the rejects (R-BANK-11). */
export function proposeBatches(
  proposals: ProposalSet,
  references: EntryReferences,
  data: MatchingData,
  amount: Cents,
): void {
  for (const batchId of references.batchIds) {
    const collected = (data.batchFlux.get(batchId) ?? []).filter((flux) => !flux.rejected);
    if (collected.length === 0) continue;
    const settlesBatch = dueOf(collected) === amount;
    // The bank credited the whole batch and debits its rejects on another line: together they settle it.
    const rejects = settlesBatch
      ? undefined
      : (data.rejectDebits?.get(batchId) ?? []).find((debit) => dueOf(collected) + debit.amountCents === amount);
    if (rejects) proposals.propose(collected, 100, ['lot', 'montant_lot', 'rejets_lot'], rejects);
    else
      proposals.propose(collected, settlesBatch ? 100 : 55, [
        'lot',
        settlesBatch ? 'montant_lot' : 'montant_different',
      ]);
  }
}

/** The structures the debtor's IBAN designates: one flux owing the amount, or all their open flux together. */
export function proposeByIban(proposals: ProposalSet, entry: MatchableEntry, data: MatchingData): void {
  const amount = entry.amountCents;
  const ibanStructures = entry.debtorIban ? (data.structuresByIban.get(entry.debtorIban) ?? []) : [];
  for (const structureId of ibanStructures) {
    const open = data.fluxByStructure.get(structureId) ?? [];
    const exact = open.filter((flux) => flux.dueCents === amount);
    for (const flux of exact) proposals.propose([flux], exact.length === 1 ? 90 : 85, ['iban', 'montant']);
    if (open.length > 1 && dueOf(open) === amount) proposals.propose(open, 80, ['iban', 'montant_structure']);
  }
}

/**
 * R-BANK-10: the identified payer's own flux. One of its flux owing the amount is sure (90)
 * when it is the only one, or the only one whose licensee the text names; others owing the
 * amount are probable (80 when the licensee is named, 70 otherwise); a flux whose licensee
 * is named but owes another amount is possible (50, a partial payment to split).
 */
export function proposePayerFlux(
  entry: MatchableEntry,
  references: EntryReferences,
  data: MatchingData,
  payerId: number,
  sameAmount: readonly OpenFlux[],
  proposals: ProposalSet,
): void {
  const own = new Map<number, OpenFlux>();
  for (const flux of data.fluxByStructure.get(payerId) ?? []) own.set(flux.id, flux);
  for (const flux of sameAmount) if (flux.structureId === payerId) own.set(flux.id, flux);
  const words = new Set(references.words);
  const named = (flux: OpenFlux) => (flux.licensee ? namesLicensee(words, references.licences, flux.licensee) : false);
  const exact = [...own.values()].filter((flux) => flux.dueCents === entry.amountCents);
  const exactNamed = exact.filter(named);
  for (const flux of exact) {
    const isNamed = exactNamed.includes(flux);
    const only = exact.length === 1 || (isNamed && exactNamed.length === 1);
    const reasons: MatchReason[] = isNamed ? ['payeur', 'licencie', 'montant'] : ['payeur', 'montant'];
    proposals.propose([flux], only ? 90 : isNamed ? 80 : 70, reasons);
  }
  for (const flux of own.values())
    if (flux.dueCents !== entry.amountCents && named(flux))
      proposals.propose([flux], 50, ['payeur', 'licencie', 'montant_different']);
}
