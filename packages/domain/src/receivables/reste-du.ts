/**
 * What a structure owes (R-BAL-01..03), the one rule every screen, statement, letter and
 * export uses for a structure's money.
 *
 * Sign, from the structure's side: a debit flux is what it owes (+), a credit flux (avoir,
 * refund) what the federation owes it (−). A structure's balance is the sum of its flux' signed
 * reste dû: positive when it owes the federation.
 */
import type { Cents } from '../money/money';
import { parisIsoDate } from '../documents/document-format';
import { parisToday } from '../flux/paris-day';

/** A confirmed part of a bank credit given to a flux (a reconciliation not undone). */
export interface SettledPart {
  amount: Cents;
  /** The bank's booking day, YYYY-MM-DD. */
  day: string;
}

/** A flux as the rule reads it: amounts in integer cents (TTC). */
export interface ReceivableFlux {
  id: number;
  createdAt: Date;
  isDebit: boolean;
  amountTTC: Cents;
  /** EST_Reglement: wholly settled (or, for a credit, paid out). */
  settled: boolean;
  /** DateReglement, YYYY-MM-DD; null if unsettled or settled before days were recorded. */
  settledOn: string | null;
  /** ID_FluxFinancierRelance: the flux a relaunch moved the debt to. */
  relaunchedBy: number | null;
  relaunchedAt: Date | null;
  /** Confirmed reconciliation parts, whether or not they completed the flux. */
  settledParts: readonly SettledPart[];
  /** For a credit (avoir): ID_FluxFinancierDebit, the debit it is allocated to. */
  creditFor: number | null;
}

/** The labels that say which figure is which, on every screen and file (R-BAL-03). */
export const RECEIVABLE_LABELS = {
  /** Σ signed reste dû: what is still owed (positive: by the structure). */
  resteDu: 'Reste dû',
  /** The relevé's closing balance, the same figure at the statement's last day. */
  statementBalance: 'Solde du relevé',
  /** Σ of the debit flux' amounts. */
  totalBilled: 'Total facturé',
  /** Σ of what settled the debit flux: confirmed parts, and the rest of those wholly settled. */
  totalSettled: 'Total réglé',
  /** Σ of the credit flux' amounts (avoirs, refunds). */
  totalCredited: 'Total avoirs et remboursements',
} as const;

/**
 * The Paris day a flux stops being owed, or null while it is: its settlement day (never before
 * its own day nor its last part's; its own day when settled before days were recorded), else
 * the day of the flux that relaunched it.
 */
export function fluxClosingDay(
  flux: Pick<ReceivableFlux, 'createdAt' | 'settled' | 'settledOn' | 'relaunchedBy' | 'relaunchedAt' | 'settledParts'>,
): string | null {
  const day = parisIsoDate(flux.createdAt);
  const floor = flux.settledParts.reduce((latest, part) => (part.day > latest ? part.day : latest), day);
  const later = (other: string) => (other > floor ? other : floor);
  if (flux.settled) return later(flux.settledOn ?? day);
  if (flux.relaunchedBy !== null) return later(parisIsoDate(flux.relaunchedAt ?? flux.createdAt));
  return null;
}

/** The Paris day a settled part counts on: its booking day, never before the flux's own day. */
export function partDay(flux: Pick<ReceivableFlux, 'createdAt'>, part: SettledPart): string {
  const own = parisIsoDate(flux.createdAt);
  return part.day > own ? part.day : own;
}

/** Σ of the parts counted by the end of `day`. */
function paidBy(flux: ReceivableFlux, day: string): Cents {
  let paid = 0;
  for (const part of flux.settledParts) if (partDay(flux, part) <= day) paid += part.amount;
  return paid;
}

/** Owed at the end of `day` before any avoir: its amount less its parts, 0 once closed. */
function openAmount(flux: ReceivableFlux, day: string): Cents {
  if (parisIsoDate(flux.createdAt) > day) return 0;
  const closing = fluxClosingDay(flux);
  if (closing !== null && closing <= day) return 0;
  return Math.max(0, flux.amountTTC - paidBy(flux, day));
}

/**
 * R-BAL-01: each flux' reste dû at the end of `day` (today in Paris by default), signed from
 * the structure's side, by id. A flux is owed from its creation day until it is closed (settled
 * or relaunched: the relaunch flux carries the debt on), less its confirmed parts. R-BAL-02:
 * an avoir still open is allocated to the open debit it names (ID_FluxFinancierDebit, same
 * structure), avoirs in creation order, up to what the debit still owes; what the debit cannot
 * absorb stays owed to the structure. Allocation moves money between two flux and never
 * changes the balance.
 */
export function resteDuByFlux(flux: readonly ReceivableFlux[], day: string = parisToday()): Map<number, Cents> {
  const open = new Map<number, Cents>();
  for (const item of flux) open.set(item.id, openAmount(item, day));
  const debits = new Map(flux.filter((item) => item.isDebit).map((item) => [item.id, item]));
  const avoirs = flux
    .filter((item) => !item.isDebit && item.creditFor !== null && (open.get(item.id) ?? 0) > 0)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  for (const avoir of avoirs) {
    const debit = debits.get(avoir.creditFor!);
    if (!debit) continue;
    const allocated = Math.min(open.get(avoir.id)!, open.get(debit.id)!);
    open.set(debit.id, open.get(debit.id)! - allocated);
    open.set(avoir.id, open.get(avoir.id)! - allocated);
  }
  const signed = new Map<number, Cents>();
  for (const item of flux) signed.set(item.id, (item.isDebit ? open.get(item.id)! : -open.get(item.id)!) + 0);
  return signed;
}

/** R-BAL-01: a structure's balance at the end of `day`, positive when it owes the federation. */
export function structureBalance(flux: readonly ReceivableFlux[], day: string = parisToday()): Cents {
  let balance = 0;
  for (const cents of resteDuByFlux(flux, day).values()) balance += cents;
  return balance;
}

/** The four figures a summary of flux shows (R-BAL-03), for the flux listed. */
export interface ReceivableTotals {
  count: number;
  totalBilled: Cents;
  totalSettled: Cents;
  totalCredited: Cents;
  resteDu: Cents;
}

/**
 * R-BAL-03: the totals of a list of flux, read with the balance rule: 'Total facturé' (debits),
 * 'Total réglé' (what settled them: parts, and the rest of a wholly settled debit),
 * 'Total avoirs et remboursements' (credits) and 'Reste dû' (Σ signed reste dû of the listed
 * flux; `context` holds the flux their avoir allocation may need, listed or not).
 */
export function receivableTotals(
  listed: readonly ReceivableFlux[],
  context: readonly ReceivableFlux[] = listed,
  day: string = parisToday(),
): ReceivableTotals {
  const reste = resteDuByFlux(context, day);
  const totals: ReceivableTotals = {
    count: listed.length,
    totalBilled: 0,
    totalSettled: 0,
    totalCredited: 0,
    resteDu: 0,
  };
  for (const item of listed) {
    totals.resteDu += reste.get(item.id) ?? 0;
    if (!item.isDebit) {
      totals.totalCredited += item.amountTTC;
      continue;
    }
    totals.totalBilled += item.amountTTC;
    totals.totalSettled += settledAmount(item, day);
  }
  return totals;
}

/** What settled a debit by the end of `day`: its parts, or all of it once wholly settled. */
export function settledAmount(flux: ReceivableFlux, day: string = parisToday()): Cents {
  if (!flux.isDebit) return 0;
  const closing = fluxClosingDay(flux);
  if (flux.settled && closing !== null && closing <= day) return flux.amountTTC;
  return Math.min(flux.amountTTC, paidBy(flux, day));
}
