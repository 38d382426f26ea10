import type { Cents } from '../money/money';
import { invoiceNumber } from '../documents/document-rules';

/**
 * R-LEDG-03, R-LEDG-04, R-LEDG-14: the piece reference of every entry booking a flux, its sale
 * and its settlement, in every accounting file (FEC PieceRef, SAGE PNM and CSV Reference): the
 * flux's invoice number (R-FACT-01). An opening entry, which books no flux, has its own
 * (R-LEDG-13).
 */
export function fluxPieceRef(flux: { seasonId: number; id: number }): string {
  return invoiceNumber(flux.seasonId, flux.id);
}

/**
 * How a flux becomes a balanced accounting entry, from the exporting structure's point
 * of view (R-LEDG-02):
 * - federation (head office): a member's debit flux is a receivable: debit the member's
 *   customer account (411 + federal code), credit revenue (7xx);
 * - member (club, ligue, comité): the same flux is a payable to the federation: debit an
 *   expense (6xx), credit the supplier account (401FFME).
 * A credit flux (refund, payment) reverses both sides.
 */
export type PointOfView = 'federation' | 'membre';

export interface FluxForEntry {
  id: number;
  /** fluxPieceRef: the invoice number, 'YYYY-FFME-id' (R-FACT-01). */
  pieceRef: string;
  label: string;
  /** 'YYYY-MM-DD' in Europe/Paris. */
  date: string;
  isDebit: boolean;
  amountCents: Cents;
  structureCode: string | null;
  structureName: string;
}

/** Where a part of the flux amount goes (category mapping, or a finer tarif mapping). */
export interface CounterpartAllocation {
  account: string;
  accountLabel: string;
  section: string | null;
  /** Signed relative to the flux: a detail line in the opposite direction is negative. */
  amountCents: Cents;
}

export interface ThirdPartyRule {
  /** General (collective) account of the third-party line: 411000, 401000. */
  collectiveAccount: string;
  /** The collective account's label in the plan comptable (FEC CompteLib), not the customer's name. */
  collectiveLabel: string;
  /** Auxiliary account = prefix + federal code (head office's customers)... */
  prefix: string | null;
  /** ...or one fixed account (a club's supplier account 401FFME). */
  fixedAccount: string | null;
  fixedLabel: string | null;
}

export interface EntryLine {
  account: string;
  accountLabel: string;
  auxAccount: string;
  auxLabel: string;
  section: string | null;
  debitCents: Cents;
  creditCents: Cents;
  /** The settled third-party line (FEC EcritureLet/DateLet come from the entry's lettering). */
  lettered?: boolean;
}

export interface AccountingEntry {
  /** The flux booked; null for an opening entry (R-LEDG-13), which books balances. */
  fluxId: number | null;
  journal: string;
  /** EcritureNum: continuous per journal and fiscal year once validated; provisional before. */
  number: string;
  /** The sequence in the journal (PNM NumeroPiece); null while provisional. */
  sequence: number | null;
  /** EcritureDate: the flux's day, or the first open day when its own is validated (R-LEDG-08). */
  date: string;
  pieceRef: string;
  /** The flux's own day. */
  pieceDate: string;
  /** The validation day, null for a provisional entry. */
  validDate: string | null;
  lettering: { code: string; date: string } | null;
  label: string;
  lines: EntryLine[];
}

/** EcritureNum of an entry not validated yet: it says so, and never looks like a sequence. */
export const provisionalEntryNumber = (journal: string, fluxId: number) => `${journal}-BROUILLARD-${fluxId}`;

export function thirdPartyAccount(rule: ThirdPartyRule, flux: Pick<FluxForEntry, 'structureCode' | 'structureName'>) {
  if (rule.fixedAccount) return { account: rule.fixedAccount, label: rule.fixedLabel ?? rule.fixedAccount };
  return { account: `${rule.prefix ?? ''}${flux.structureCode ?? ''}`, label: flux.structureName };
}

/** A line of `cents` on `debitSide`: a negative amount goes to the other side, so every amount in a file is positive. */
export function signedEntryLine(
  account: string,
  label: string,
  aux: string,
  auxLabel: string,
  section: string | null,
  debitSide: boolean,
  cents: Cents,
): EntryLine {
  const side = cents < 0 ? !debitSide : debitSide;
  const abs = Math.abs(cents);
  return {
    account,
    accountLabel: label,
    auxAccount: aux,
    auxLabel,
    section,
    debitCents: side ? abs : 0,
    creditCents: side ? 0 : abs,
  };
}

/** One balanced entry: the third-party line for the whole amount against the allocations. */
export function buildEntry(
  flux: FluxForEntry,
  pointOfView: PointOfView,
  rule: ThirdPartyRule,
  journal: string,
  allocations: readonly CounterpartAllocation[],
): AccountingEntry {
  // The third party is debited when the federation receives, credited when a member owes.
  const thirdPartyDebits = flux.isDebit === (pointOfView === 'federation');
  const tiers = thirdPartyAccount(rule, flux);
  const line = signedEntryLine;
  const lines = [
    line(
      rule.collectiveAccount,
      rule.collectiveLabel,
      tiers.account,
      tiers.label,
      null,
      thirdPartyDebits,
      flux.amountCents,
    ),
    ...allocations.map((a) => line(a.account, a.accountLabel, '', '', a.section, !thirdPartyDebits, a.amountCents)),
  ];
  return {
    fluxId: flux.id,
    journal,
    number: provisionalEntryNumber(journal, flux.id),
    sequence: null,
    date: flux.date,
    pieceRef: flux.pieceRef,
    pieceDate: flux.date,
    validDate: null,
    lettering: null,
    label: flux.label,
    lines,
  };
}

/**
 * Splits the flux amount: tarif-mapped detail lines go to their own accounts, the rest to
 * the category's account, so the entry balances to the cent whatever the details say.
 */
export function allocate(
  amountCents: Cents,
  category: Omit<CounterpartAllocation, 'amountCents'>,
  tarifParts: readonly CounterpartAllocation[],
): CounterpartAllocation[] {
  const rest = tarifParts.reduce((sum, part) => sum - part.amountCents, amountCents);
  const parts = tarifParts.filter((part) => part.amountCents !== 0);
  return rest === 0 && parts.length > 0 ? parts : [...parts, { ...category, amountCents: rest }];
}

export function entryTotals(entry: AccountingEntry): { debitCents: Cents; creditCents: Cents } {
  let debitCents = 0;
  let creditCents = 0;
  for (const l of entry.lines) {
    debitCents += l.debitCents;
    creditCents += l.creditCents;
  }
  return { debitCents, creditCents };
}

/** The entry that cancels another (same lines, sides swapped): how a validated entry is corrected. */
export function reversalOf(entry: AccountingEntry): AccountingEntry {
  return {
    ...entry,
    label: `Extourne ${entry.number} - ${entry.label}`,
    lettering: null,
    lines: entry.lines.map((l) => ({ ...l, debitCents: l.creditCents, creditCents: l.debitCents, lettered: false })),
  };
}
