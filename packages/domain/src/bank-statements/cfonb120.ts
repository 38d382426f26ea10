import type { Cents } from '../money/money';
import {
  BankStatementError,
  balancesAgree,
  type BankEntryDetail,
  type BankStatement,
  type BankStatementEntry,
} from './bank-statement';
import { firstControlCharacter } from './bank-file-checks';
import { BANK_STATEMENT_TEXT } from './bank-statement-messages';
import {
  CFONB120_LAYOUT,
  CFONB120_RECORD_CODES,
  CFONB120_RECORD_LENGTH,
  COMMON,
  cfonbAmountCents,
  cfonbDate,
  decimalsOf,
  read,
  refuse,
} from './cfonb120-layout';

export { CFONB120_LAYOUT, CFONB120_RECORD_CODES, CFONB120_RECORD_LENGTH, cfonbAmountCents, cfonbDate };

/** 05 qualifiers whose text is remittance information (libellés and references). */
const REMITTANCE_QUALIFIERS = new Set(['LIB', 'LCC', 'LC2', 'LCS', 'REF']);

const ACCOUNT_KEY_FIELDS = ['bankCode', 'branchCode', 'accountNumber', 'currency'] as const;

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

/** The statements read so far and the one still open, as the records go. */
interface ParseState {
  statements: BankStatement[];
  open: OpenStatement | null;
}

/** A record other than 01 inside a statement must name the statement's account. */
function checkSameAccount(open: OpenStatement, line: string, lineNumber: number): void {
  const key = accountKey(line);
  const differs = ACCOUNT_KEY_FIELDS.find((name) => key[name] !== open.key[name]);
  if (differs) {
    refuse(
      lineNumber,
      `compte ${key.bankCode} ${key.branchCode} ${key.accountNumber} ${key.currency} différent de celui de l’ancien solde de la ligne ${open.lineNumber}.`,
    );
  }
}

function openingBalance(state: ParseState, line: string, lineNumber: number): void {
  if (state.open)
    refuse(
      lineNumber,
      `ancien solde (01) alors que le relevé ouvert ligne ${state.open.lineNumber} n’a pas de nouveau solde (07).`,
    );
  const layout = CFONB120_LAYOUT.balance;
  const open: OpenStatement = {
    lineNumber,
    key: accountKey(line),
    openingBalanceCents: cfonbAmountCents(read(line, layout.amount), decimalsOf(line, lineNumber), lineNumber),
    fromDate: cfonbDate(read(line, layout.date), lineNumber, 'date de l’ancien solde'),
    entries: [],
  };
  state.open = open;
  if (!/^[A-Z]{3}$/.test(open.key.currency)) refuse(lineNumber, `code devise « ${open.key.currency} » invalide.`);
}

function movementRecord(state: ParseState, line: string, lineNumber: number): void {
  const { open } = state;
  if (!open) refuse(lineNumber, 'mouvement (04) hors d’un relevé : un ancien solde (01) doit le précéder.');
  open.entries.push(movement(line, lineNumber, open.entries.length + 1));
}

function detailRecord(state: ParseState, line: string, lineNumber: number): void {
  const entry = state.open?.entries.at(-1);
  if (!entry) refuse(lineNumber, 'complément (05) sans mouvement (04) qui le précède.');
  const layout = CFONB120_LAYOUT.detail;
  applyDetail(entry, {
    qualifier: read(line, layout.qualifier).trim(),
    text: read(line, layout.information).trimEnd(),
  });
}

function closingBalance(state: ParseState, line: string, lineNumber: number): void {
  const { open } = state;
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
  if (toDate < statement.fromDate) refuse(lineNumber, 'date du nouveau solde antérieure à celle de l’ancien solde.');
  if (!balancesAgree(statement)) {
    refuse(lineNumber, 'le nouveau solde ne correspond pas à l’ancien solde augmenté des mouvements du relevé.');
  }
  state.statements.push(statement);
  state.open = null;
}

const RECORD_READERS: Record<string, (state: ParseState, line: string, lineNumber: number) => void> = {
  [CFONB120_RECORD_CODES.openingBalance]: openingBalance,
  [CFONB120_RECORD_CODES.movement]: movementRecord,
  [CFONB120_RECORD_CODES.detail]: detailRecord,
  [CFONB120_RECORD_CODES.closingBalance]: closingBalance,
};

/**
 * Reads a CFONB 120 file: one or more statements, each an 01 ancien solde, its 04 mouvements
 * each followed by its 05 compléments, and an 07 nouveau solde. Anything else is refused with
 * the line at fault: wrong length, unknown record code, a record out of place, another
 * account inside a statement, a bad date or amount, balances that do not add up.
 */
export function parseCfonb120(text: string): BankStatement[] {
  const records = splitRecords(text);
  if (records.length === 0) throw new BankStatementError('Relevé CFONB 120 refusé : le fichier est vide.');
  const state: ParseState = { statements: [], open: null };
  for (const { lineNumber, text: line } of records) {
    if (line.length !== CFONB120_RECORD_LENGTH) {
      refuse(lineNumber, `${line.length} caractères au lieu de ${CFONB120_RECORD_LENGTH}.`);
    }
    const code = read(line, COMMON.recordCode);
    if (code !== CFONB120_RECORD_CODES.openingBalance && state.open) checkSameAccount(state.open, line, lineNumber);
    const readRecord = Object.hasOwn(RECORD_READERS, code) ? RECORD_READERS[code] : undefined;
    if (!readRecord) refuse(lineNumber, `code enregistrement « ${code} » inconnu (01, 04, 05 ou 07 attendu).`);
    readRecord(state, line, lineNumber);
  }
  if (state.open) {
    throw new BankStatementError(
      `Relevé CFONB 120 refusé : le relevé ouvert ligne ${state.open.lineNumber} n’a pas de nouveau solde (07) ; fichier tronqué ?`,
    );
  }
  return state.statements;
}
