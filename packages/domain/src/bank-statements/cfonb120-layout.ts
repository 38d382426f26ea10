import type { Cents } from '../money/money';
import { isIsoDay } from '../sepa/epc-rules';
import { BankStatementError } from './bank-statement';

/**
 * CFONB 120: the French 'relevé de compte sur support informatique', records of 120
 * characters (CFONB brochure 'Relevé de compte sur support informatique', July 2004, and
 * its 2007/2010 'Évolutions du relevé de compte 120 caractères' for SEPA transfers and direct
 * debits, which added the 05 qualifiers NPY, IPY, RCN, LCC...). Positions are 1-based, as the
 * brochure writes them; every record shares positions 1 to 32.
 */
export const CFONB120_RECORD_LENGTH = 120;

export interface Field {
  start: number;
  length: number;
}
const field = (start: number, length: number): Field => ({ start, length });

/** Positions 1-32, common to the records 01, 04, 05 and 07. */
export const COMMON = {
  recordCode: field(1, 2),
  bankCode: field(3, 5),
  /** Code opération interne (04, 05); reserved on 01 and 07. */
  internalOperationCode: field(8, 4),
  branchCode: field(12, 5),
  currency: field(17, 3),
  decimals: field(20, 1),
  accountNumber: field(22, 11),
} as const;

/** The layout of each record, once (the brochure's tables). */
export const CFONB120_LAYOUT = {
  /** 01 ancien solde and 07 nouveau solde. */
  balance: {
    ...COMMON,
    date: field(35, 6),
    amount: field(91, 14),
  },
  /** 04 mouvement. */
  movement: {
    ...COMMON,
    interbankOperationCode: field(33, 2),
    bookingDate: field(35, 6),
    rejectionCode: field(41, 2),
    valueDate: field(43, 6),
    label: field(49, 31),
    entryNumber: field(82, 7),
    commissionExemption: field(89, 1),
    unavailability: field(90, 1),
    amount: field(91, 14),
    reference: field(105, 16),
  },
  /** 05 complément: a qualifier and 70 characters of information. */
  detail: {
    ...COMMON,
    interbankOperationCode: field(33, 2),
    bookingDate: field(35, 6),
    qualifier: field(46, 3),
    information: field(49, 70),
  },
} as const;

export const CFONB120_RECORD_CODES = {
  openingBalance: '01',
  movement: '04',
  detail: '05',
  closingBalance: '07',
} as const;

/**
 * The last character of a signed amount carries its units digit and its sign ('overpunch'):
 * '{' and 'A' to 'I' are +0 to +9, '}' and 'J' to 'R' are -0 to -9.
 */
type Overpunch = { sign: 1 | -1; digit: number };
const OVERPUNCH: ReadonlyMap<string, Overpunch> = new Map<string, Overpunch>([
  ...[...'{ABCDEFGHI'].map((char, digit): [string, Overpunch] => [char, { sign: 1, digit }]),
  ...[...'}JKLMNOPQR'].map((char, digit): [string, Overpunch] => [char, { sign: -1, digit }]),
]);

export function read(line: string, f: Field): string {
  return line.slice(f.start - 1, f.start - 1 + f.length);
}

export function refuse(lineNumber: number, reason: string): never {
  throw new BankStatementError(`Relevé CFONB 120 refusé, ligne ${lineNumber} : ${reason}`);
}

/** JJMMAA to yyyy-mm-dd (years 80-99 are 19xx, others 20xx). */
export function cfonbDate(value: string, lineNumber: number, what: string): string {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  const iso = match ? `${Number(match[3]) >= 80 ? '19' : '20'}${match[3]}-${match[2]}-${match[1]}` : '';
  if (!isIsoDay(iso)) refuse(lineNumber, `${what} « ${value} » invalide (format JJMMAA attendu).`);
  return iso;
}

/** A signed 14-position amount with `decimals` decimals, in cents. */
export function cfonbAmountCents(value: string, decimals: number, lineNumber: number): Cents {
  const digits = value.slice(0, -1);
  const last = OVERPUNCH.get(value.slice(-1));
  if (!/^\d+$/.test(digits) || !last) {
    refuse(
      lineNumber,
      `montant « ${value} » invalide (13 chiffres puis un caractère signé : '{' ou A à I pour un montant positif, '}' ou J à R pour un négatif).`,
    );
  }
  const units = BigInt(`${digits}${last.digit}`);
  let cents: bigint;
  if (decimals <= 2) cents = units * 10n ** BigInt(2 - decimals);
  else {
    const divisor = 10n ** BigInt(decimals - 2);
    if (units % divisor !== 0n) refuse(lineNumber, `montant « ${value} » plus précis que le centime.`);
    cents = units / divisor;
  }
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) refuse(lineNumber, `montant « ${value} » hors limites.`);
  return last.sign * Number(cents);
}

export function decimalsOf(line: string, lineNumber: number): number {
  const value = read(line, COMMON.decimals);
  if (!/^\d$/.test(value)) refuse(lineNumber, `nombre de décimales « ${value} » invalide (un chiffre attendu).`);
  return Number(value);
}
