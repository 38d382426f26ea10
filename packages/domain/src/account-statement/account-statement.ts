/**
 * Relevé de compte of a structure over a period (R-STMT-01, R-STMT-02): the structure's account
 * as a running balance, then what it still owes, aged.
 *
 * Sign convention, from the structure's point of view: a debit flux (EST_Debit) is what the
 * structure owes, in the 'Débit' column; a credit flux in 'Crédit'. A balance is
 * Σ débit − Σ crédit: positive means the structure owes that much to the federation.
 *
 * Payments are not flux: a flux is settled (EST_Reglement, on DateReglement) or, for a rejected
 * direct debit, relaunched (a new flux carries the debt on). So each flux is a movement on its
 * day, and its closing a second, opposite movement: its settlement ('reglement') on its
 * settlement day, or its replacement ('remplacement') on the day of the flux that relaunched it.
 * A flux settled before settlement days were recorded is closed on its own day.
 * - opening balance: the flux created before the period and not closed before it;
 * - each movement of the period, in day order (a flux before its closing on the same day), with
 *   the running balance after it;
 * - closing balance: opening + Σ débit − Σ crédit of the period (= the last running balance) =
 *   the flux still owed at the end of the period.
 * A flux's day is its creation instant's calendar day in Europe/Paris.
 */
import type { Cents } from '../money/money';
import { parisIsoDate } from '../documents/document-format';
import { parisToday } from '../flux/paris-day';
import { fluxClosingDay, partDay, type ReceivableFlux } from '../receivables/reste-du';
import { mayStillBeOwed, overdueFlux, rejectedDebits, type OverdueSummary, type RejectedDebit } from './overdue';

export { fluxClosingDay } from '../receivables/reste-du';
export * from './overdue';

/** A flux as the statement reads it: the balance rule's flux (R-BAL-01) with what it prints. */
export interface AccountFlux extends ReceivableFlux {
  label: string;
  /** DateEcheance, YYYY-MM-DD, or null when the flux has none. */
  dueDate: string | null;
  /** The bank's return of this direct debit (MKP_RetourPrelevement), null when none. */
  bankReturn: BankReturn | null;
}

export interface BankReturn {
  type: 'rejet' | 'retour';
  /** ISO 20022 reason code, null when the bank gave none. */
  reasonCode: string | null;
  /** YYYY-MM-DD */
  date: string;
}

/** Inclusive calendar days in Europe/Paris, YYYY-MM-DD. */
export interface StatementPeriod {
  from: string;
  to: string;
}

/** A flux itself, its settlement, or its replacement by the flux that relaunched it. */
export type StatementLineKind = 'flux' | 'reglement' | 'remplacement';

export interface AccountStatementLine {
  kind: StatementLineKind;
  fluxId: number;
  /** For a 'remplacement': the relaunch flux that carries the debt on. */
  replacedBy?: number;
  /** Paris calendar day, YYYY-MM-DD. */
  date: string;
  /** The flux's label, whatever the kind (the documents word the kind). */
  label: string;
  debit: Cents | null;
  credit: Cents | null;
  /** Balance after this movement. */
  balance: Cents;
}

export interface AccountStatement {
  period: StatementPeriod;
  /** The Paris day overdue flux are aged at. */
  asOf: string;
  openingBalance: Cents;
  lines: AccountStatementLine[];
  totalDebit: Cents;
  totalCredit: Cents;
  closingBalance: Cents;
  overdue: OverdueSummary;
  rejected: RejectedDebit[];
}

/** What a statement is built from: the period's flux and the earlier ones still owed at its start. */
export interface AccountStatementParts {
  /** The flux dated in the period (Paris days). */
  periodFlux: readonly AccountFlux[];
  /** Flux dated before the period still owed when it starts (isOpenAtStartOf); any other is ignored. */
  earlierOpenFlux: readonly AccountFlux[];
}

/**
 * The statement of `flux` (one structure's, up to the end of the period at least) over
 * `period`, every movement drawn then summed: the rule as stated, which
 * buildAccountStatementFromParts computes from the flux still owed at the period's start only.
 * Overdue flux and rejected debits are read among the flux up to the period's end, aged at
 * `asOf` (today in Paris by default: payment statuses are today's facts).
 */
export function buildAccountStatement(
  flux: readonly AccountFlux[],
  period: StatementPeriod,
  asOf: string = parisToday(),
): AccountStatement {
  let openingBalance = 0;
  const movements: Movement[] = [];
  for (const movement of flux.flatMap(movementsOf)) {
    if (movement.date < period.from) openingBalance += movement.signed;
    else if (movement.date <= period.to) movements.push(movement);
  }
  const upToEnd = flux.filter((item) => parisIsoDate(item.createdAt) <= period.to);
  return statementOf(openingBalance, movements, upToEnd, period, asOf);
}

/**
 * The same statement as buildAccountStatement from the flux of the period and those before it
 * still owed at its start (isOpenAtStartOf): a structure's whole history is never read to
 * state one season. The opening balance is theirs; the later closings of the earlier ones
 * are movements of the period.
 */
export function buildAccountStatementFromParts(
  parts: AccountStatementParts,
  period: StatementPeriod,
  asOf: string = parisToday(),
): AccountStatement {
  let openingBalance = 0;
  const movements: Movement[] = [];
  const inPeriod = (movement: Movement) => movement.date >= period.from && movement.date <= period.to;
  for (const item of parts.earlierOpenFlux)
    for (const movement of movementsOf(item)) {
      if (movement.date < period.from) openingBalance += movement.signed;
      else if (inPeriod(movement)) movements.push(movement);
    }
  for (const item of parts.periodFlux)
    for (const movement of movementsOf(item)) if (inPeriod(movement)) movements.push(movement);
  const upToEnd = [...parts.earlierOpenFlux.filter(mayStillBeOwed), ...parts.periodFlux];
  return statementOf(openingBalance, movements, upToEnd, period, asOf);
}

/**
 * A movement of the account: its column (a debit flux and the payout of a credit are débits;
 * a credit flux and the settlement of a debit, crédits) and its amount signed from the
 * structure's side (+ débit, − crédit).
 */
interface Movement {
  kind: StatementLineKind;
  flux: AccountFlux;
  date: string;
  side: 'debit' | 'credit';
  signed: Cents;
}

const KIND_ORDER: Record<StatementLineKind, number> = { flux: 0, reglement: 1, remplacement: 1 };

/** Owed when `day` (a Paris day) begins: created before it and not closed before it. */
export function isOpenAtStartOf(
  flux: Pick<AccountFlux, 'createdAt' | 'settled' | 'settledOn' | 'relaunchedBy' | 'relaunchedAt' | 'settledParts'>,
  day: string,
): boolean {
  if (parisIsoDate(flux.createdAt) >= day) return false;
  const closing = fluxClosingDay(flux);
  return closing === null || closing >= day;
}

/**
 * A flux's movements: itself on its day, each confirmed part of a bank credit on its booking day
 * ('reglement'), and, once closed, what its parts left: settled ('reglement') or moved to the
 * relaunch flux ('remplacement'). Their sum is 0 once closed, its reste dû before (R-BAL-01).
 */
function movementsOf(flux: AccountFlux): Movement[] {
  const sign = flux.isDebit ? 1 : -1;
  const side = flux.isDebit ? 'debit' : 'credit';
  const opposite = flux.isDebit ? 'credit' : 'debit';
  const movements: Movement[] = [
    { kind: 'flux', flux, date: parisIsoDate(flux.createdAt), side, signed: sign * flux.amountTTC },
  ];
  let paid = 0;
  for (const part of flux.settledParts) {
    paid += part.amount;
    movements.push({ kind: 'reglement', flux, date: partDay(flux, part), side: opposite, signed: -sign * part.amount });
  }
  const closing = fluxClosingDay(flux);
  const rest = flux.amountTTC - paid;
  if (closing !== null && (rest !== 0 || flux.settledParts.length === 0)) {
    const kind = flux.settled ? 'reglement' : 'remplacement';
    movements.push({ kind, flux, date: closing, side: opposite, signed: -sign * rest });
  }
  return movements;
}

function statementOf(
  openingBalance: Cents,
  movements: Movement[],
  upToEnd: readonly AccountFlux[],
  period: StatementPeriod,
  asOf: string,
): AccountStatement {
  movements.sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.flux.createdAt.getTime() - b.flux.createdAt.getTime() ||
      a.flux.id - b.flux.id,
  );
  let totalDebit = 0;
  let totalCredit = 0;
  const lines: AccountStatementLine[] = movements.map(({ kind, flux, date, side, signed }) => {
    // The column is the movement's side, whatever the amount's sign (a 0 € flux stays a débit).
    const amount = side === 'debit' ? signed : -signed;
    if (side === 'debit') totalDebit += amount;
    else totalCredit += amount;
    return {
      kind,
      fluxId: flux.id,
      ...(kind === 'remplacement' && flux.relaunchedBy !== null ? { replacedBy: flux.relaunchedBy } : {}),
      date,
      label: flux.label,
      // + 0: a 0 € movement is written 0, never −0.
      debit: side === 'debit' ? amount + 0 : null,
      credit: side === 'credit' ? amount + 0 : null,
      balance: openingBalance + totalDebit - totalCredit,
    };
  });
  return {
    period,
    asOf,
    openingBalance,
    lines,
    totalDebit,
    totalCredit,
    closingBalance: openingBalance + totalDebit - totalCredit,
    overdue: overdueFlux(upToEnd, asOf),
    rejected: rejectedDebits(upToEnd),
  };
}
