import type { Cents } from '../money/money';
import { isIsoDay } from '../sepa/epc-rules';
import {
  BankStatementError,
  balancesAgree,
  type BankEntryDetail,
  type BankStatement,
  type BankStatementEntry,
} from './bank-statement';
import { firstControlCharacter } from './bank-file-checks';
import { BANK_STATEMENT_TEXT } from './bank-statement-messages';

/**
 * CFONB 120: the French 'relevé de compte sur support informatique', records of 120
 * characters (CFONB brochure 'Relevé de compte sur support informatique', July 2004, and
 * its 2007/2010 'Évolutions du relevé de compte 120 caractères' for SEPA transfers and direct
 * debits, which added the 05 qualifiers NPY, IPY, RCN, LCC...). Positions are 1-based, as the
 * brochure writes them; every record shares positions 1 to 32.
 */
export const CFONB120_RECORD_LENGTH = 120;

interface Field {
  start: number;
  length: number;
}
const field = (start: number, length: number): Field => ({ start, length });

/** Positions 1-32, common to the records 01, 04, 05 and 07. */
const COMMON = {
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

/** 05 qualifiers whose text is remittance information (libellés and references). */
const REMITTANCE_QUALIFIERS = new Set(['LIB', 'LCC', 'LC2', 'LCS', 'REF']);

/**
 * The last character of a signed amount carries its units digit and its sign ('overpunch'):
 * '{' and 'A' to 'I' are +0 to +9, '}' and 'J' to 'R' are -0 to -9.
 */
type Overpunch = { sign: 1 | -1; digit: number };
const OVERPUNCH: ReadonlyMap<string, Overpunch> = new Map<string, Overpunch>([
  ...[...'{ABCDEFGHI'].map((char, digit): [string, Overpunch] => [char, { sign: 1, digit }]),
  ...[...'}JKLMNOPQR'].map((char, digit): [string, Overpunch] => [char, { sign: -1, digit }]),
]);

const ACCOUNT_KEY_FIELDS = ['bankCode', 'branchCode', 'accountNumber', 'currency'] as const;

function read(line: string, f: Field): string {
  return line.slice(f.start - 1, f.start - 1 + f.length);
}

function refuse(lineNumber: number, reason: string): never {
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

interface CfonbRecord {
  /** 1-based line of the file, as a user counts them (blank lines included). */
  lineNumber: number;
  text: string;
}

/**
 * The file's records as banks send them: LF or CRLF lines, blank lines between records
 * skipped, trailing spaces trimmed by a transfer or an editor padded back to 120 characters
 * (and spaces beyond the 120th dropped); or records run together without line breaks. A NUL
 * or other control character anywhere is refused (R-BANK-08), naming its line.
 */
function splitRecords(text: string): CfonbRecord[] {
  const body = text.replace(/^\uFEFF/, '');
  const control = firstControlCharacter(body, '\r\n');
  if (control) {
    const before = body.slice(0, control.index);
    const lineNumber = before.split('\n').length;
    const column = control.index - before.lastIndexOf('\n');
    refuse(lineNumber, `${BANK_STATEMENT_TEXT.controlCharacter(control.code, `en position ${column}`)}.`);
  }
  const lines = body.split(/\r?\n/);
  const filled = lines.filter((line) => line.trim() !== '');
  if (
    filled.length === 1 &&
    filled[0]!.length > CFONB120_RECORD_LENGTH &&
    filled[0]!.length % CFONB120_RECORD_LENGTH === 0
  ) {
    const lineNumber = lines.indexOf(filled[0]!) + 1;
    return (filled[0]!.match(new RegExp(`.{${CFONB120_RECORD_LENGTH}}`, 'g')) ?? []).map((record) => ({
      lineNumber,
      text: record,
    }));
  }
  return lines
    .map((line, index) => ({ lineNumber: index + 1, text: line.replace(/ +$/, '') }))
    .filter((record) => record.text !== '')
    .map((record) => ({ ...record, text: record.text.padEnd(CFONB120_RECORD_LENGTH, ' ') }));
}

interface OpenStatement {
  lineNumber: number;
  key: Record<(typeof ACCOUNT_KEY_FIELDS)[number], string>;
  openingBalanceCents: Cents;
  fromDate: string;
  entries: BankStatementEntry[];
}

function accountKey(line: string) {
  return Object.fromEntries(ACCOUNT_KEY_FIELDS.map((name) => [name, read(line, COMMON[name])])) as OpenStatement['key'];
}

function decimalsOf(line: string, lineNumber: number): number {
  const value = read(line, COMMON.decimals);
  if (!/^\d$/.test(value)) refuse(lineNumber, `nombre de décimales « ${value} » invalide (un chiffre attendu).`);
  return Number(value);
}

function blankToNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

function movement(line: string, lineNumber: number, rank: number): BankStatementEntry {
  const layout = CFONB120_LAYOUT.movement;
  const signed = cfonbAmountCents(read(line, layout.amount), decimalsOf(line, lineNumber), lineNumber);
  const bookingDate = cfonbDate(read(line, layout.bookingDate), lineNumber, 'date de comptabilisation');
  const rawValueDate = read(line, layout.valueDate);
  const entryNumber = read(line, layout.entryNumber).trim();
  const reference = blankToNull(read(line, layout.reference));
  return {
    entryReference: `${bookingDate}/${entryNumber || '-'}/${rank}`,
    bookingDate,
    valueDate: rawValueDate.trim() ? cfonbDate(rawValueDate, lineNumber, 'date de valeur') : null,
    amountCents: Math.abs(signed),
    direction: signed < 0 ? 'debit' : 'credit',
    status: null,
    label: blankToNull(read(line, layout.label)),
    remittanceInfo: reference ? [reference] : [],
    endToEndIds: [],
    debtorName: null,
    debtorIban: null,
    batch: null,
    transactionCount: 0,
    bankTransactionCode: blankToNull(read(line, layout.interbankOperationCode)),
    details: [],
  };
}

function applyDetail(entry: BankStatementEntry, detail: BankEntryDetail): void {
  entry.details.push(detail);
  const text = detail.text.trim();
  if (!text) return;
  if (REMITTANCE_QUALIFIERS.has(detail.qualifier)) entry.remittanceInfo.push(text);
  else if (detail.qualifier === 'RCN') {
    // Référence de bout en bout on 35 characters, then its nature.
    const endToEndId = detail.text.slice(0, 35).trim();
    if (endToEndId && endToEndId !== 'NOTPROVIDED') entry.endToEndIds.push(endToEndId);
  } else if (detail.qualifier === 'NPY') entry.debtorName ??= text;
  else if (detail.qualifier === 'IPY') {
    const identifier = detail.text.slice(0, 35).trim().replace(/\s+/g, '');
    if (IBAN_SHAPE.test(identifier)) entry.debtorIban ??= identifier;
  }
}

/**
 * Reads a CFONB 120 file: one or more statements, each an 01 ancien solde, its 04 mouvements
 * each followed by its 05 compléments, and an 07 nouveau solde. Anything else is refused with
 * the line at fault: wrong length, unknown record code, a record out of place, another
 * account inside a statement, a bad date or amount, balances that do not add up.
 */
export function parseCfonb120(text: string): BankStatement[] {
  const records = splitRecords(text);
  if (records.length === 0) throw new BankStatementError('Relevé CFONB 120 refusé : le fichier est vide.');
  const statements: BankStatement[] = [];
  let open: OpenStatement | null = null;
  records.forEach(({ lineNumber, text: line }) => {
    if (line.length !== CFONB120_RECORD_LENGTH) {
      refuse(lineNumber, `${line.length} caractères au lieu de ${CFONB120_RECORD_LENGTH}.`);
    }
    const code = read(line, COMMON.recordCode);
    if (code !== '01' && open) {
      const key = accountKey(line);
      const differs = ACCOUNT_KEY_FIELDS.find((name) => key[name] !== open!.key[name]);
      if (differs) {
        refuse(
          lineNumber,
          `compte ${key.bankCode} ${key.branchCode} ${key.accountNumber} ${key.currency} différent de celui de l’ancien solde de la ligne ${open.lineNumber}.`,
        );
      }
    }
    switch (code) {
      case CFONB120_RECORD_CODES.openingBalance: {
        if (open)
          refuse(
            lineNumber,
            `ancien solde (01) alors que le relevé ouvert ligne ${open.lineNumber} n’a pas de nouveau solde (07).`,
          );
        const layout = CFONB120_LAYOUT.balance;
        open = {
          lineNumber,
          key: accountKey(line),
          openingBalanceCents: cfonbAmountCents(read(line, layout.amount), decimalsOf(line, lineNumber), lineNumber),
          fromDate: cfonbDate(read(line, layout.date), lineNumber, 'date de l’ancien solde'),
          entries: [],
        };
        if (!/^[A-Z]{3}$/.test(open.key.currency)) refuse(lineNumber, `code devise « ${open.key.currency} » invalide.`);
        return;
      }
      case CFONB120_RECORD_CODES.movement: {
        if (!open) refuse(lineNumber, 'mouvement (04) hors d’un relevé : un ancien solde (01) doit le précéder.');
        open.entries.push(movement(line, lineNumber, open.entries.length + 1));
        return;
      }
      case CFONB120_RECORD_CODES.detail: {
        const entry = open?.entries.at(-1);
        if (!entry) refuse(lineNumber, 'complément (05) sans mouvement (04) qui le précède.');
        const layout = CFONB120_LAYOUT.detail;
        applyDetail(entry, {
          qualifier: read(line, layout.qualifier).trim(),
          text: read(line, layout.information).trimEnd(),
        });
        return;
      }
      case CFONB120_RECORD_CODES.closingBalance: {
        if (!open) refuse(lineNumber, 'nouveau solde (07) sans ancien solde (01) qui le précède.');
        const layout = CFONB120_LAYOUT.balance;
        const { bankCode, branchCode, accountNumber, currency } = open.key;
        const toDate = cfonbDate(read(line, layout.date), lineNumber, 'date du nouveau solde');
        const statement: BankStatement = {
          format: 'cfonb120',
          statementId: `${bankCode}-${branchCode}-${accountNumber.trim()}-${toDate}`,
          account: { iban: null, bban: `${bankCode}${branchCode}${accountNumber}` },
          currency,
          openingBalanceCents: open.openingBalanceCents,
          closingBalanceCents: cfonbAmountCents(read(line, layout.amount), decimalsOf(line, lineNumber), lineNumber),
          fromDate: open.fromDate,
          toDate,
          entries: open.entries,
        };
        if (toDate < statement.fromDate)
          refuse(lineNumber, 'date du nouveau solde antérieure à celle de l’ancien solde.');
        if (!balancesAgree(statement)) {
          refuse(lineNumber, 'le nouveau solde ne correspond pas à l’ancien solde augmenté des mouvements du relevé.');
        }
        statements.push(statement);
        open = null;
        return;
      }
      default:
        refuse(lineNumber, `code enregistrement « ${code} » inconnu (01, 04, 05 ou 07 attendu).`);
    }
  });
  if (open) {
    throw new BankStatementError(
      `Relevé CFONB 120 refusé : le relevé ouvert ligne ${(open as OpenStatement).lineNumber} n’a pas de nouveau solde (07) ; fichier tronqué ?`,
    );
  }
  return statements;
}
