import {
  BANK_STATEMENT_FORMATS,
  BANK_STATEMENT_MAX_BYTES,
  BANK_STATEMENT_TEXT,
  isBankFileDay,
  isIsoDay,
  type BankEntryBatch,
  type BankEntryDirection,
  type BankStatement,
  type BankStatementEntry,
  type BankStatementFormat,
  type Cents,
} from '@gdf/domain';
import { badRequest } from '../../lib/http-errors';
import { all, first, readXmlTree, textAt, textAtAny, type XmlElement } from '../../lib/xml-tree';

type CamtFormat = Extract<BankStatementFormat, `camt.053.${string}`>;

const UNRECOGNISED = 'Fichier non reconnu : un relevé de compte camt.053 (BkToCstmrStmt, ISO 20022) est attendu.';

function refuse(statementId: string | null, reason: string): never {
  throw badRequest(`Relevé camt.053 refusé${statementId ? ` (relevé ${statementId})` : ''} : ${reason}`);
}

/**
 * Reads a camt.053 bank to customer statement, every version from .001.02 (2009) to .001.08
 * (2019) (R-BANK-01), by local names: they share the statement structure and differ here only
 * by their namespace, Sts (a code up to .07, Sts/Cd in .08) and the related parties (Dbtr/Nm,
 * or Dbtr/Pty/Nm in .08). One file may hold several statements (BkToCstmrStmt/Stmt); each
 * becomes one BankStatement. The XML reading refuses any DOCTYPE, any control character and
 * anything over BANK_STATEMENT_MAX_BYTES (lib/xml-tree); a date outside 1900-2099 is refused
 * (R-BANK-08).
 */
export function parseCamt053(bytes: Buffer): BankStatement[] {
  // A statement of 5,000 entries with their transaction details holds about 150,000 elements.
  const root = readXmlTree(bytes, { maxBytes: BANK_STATEMENT_MAX_BYTES, maxElements: 300_000 });
  const message = root.name === 'Document' ? root.children[0] : undefined;
  if (!message || message.name !== 'BkToCstmrStmt') throw badRequest(UNRECOGNISED);
  const format = formatOf(root.namespace);
  const statements = all(message, 'Stmt');
  if (statements.length === 0) refuse(null, 'aucun relevé (Stmt) dans le fichier.');
  return statements.map((statement) => readStatement(format, statement));
}

function formatOf(namespace: string): CamtFormat {
  const version = /(?:^|:)(camt\.053\.001\.\d{2})$/.exec(namespace)?.[1];
  const format = BANK_STATEMENT_FORMATS.find((known) => known === version);
  if (!format || format === 'cfonb120') {
    throw badRequest(
      `Version non prise en charge (${version ?? (namespace || 'sans espace de noms')}) : camt.053.001.02 à camt.053.001.08 attendue.`,
    );
  }
  return format;
}

/** A camt amount (up to 5 decimals, never signed) in cents, refused if finer than the cent. */
function amountCents(text: string | null, statementId: string, what: string): Cents {
  const match = text ? /^(\d{1,15})(?:\.(\d{1,5}))?$/.exec(text) : null;
  if (!match) refuse(statementId, `montant ${what} « ${text ?? ''} » invalide.`);
  const decimals = (match[2] ?? '').padEnd(5, '0');
  if (!/^\d{2}0{3}$/.test(decimals)) refuse(statementId, `montant ${what} « ${text} » plus précis que le centime.`);
  return Number(match[1]) * 100 + Number(decimals.slice(0, 2));
}

function directionOf(element: XmlElement, statementId: string, what: string): BankEntryDirection {
  const indicator = textAt(element, 'CdtDbtInd');
  if (indicator === 'CRDT') return 'credit';
  if (indicator === 'DBIT') return 'debit';
  return refuse(statementId, `sens (CdtDbtInd) « ${indicator ?? ''} » de ${what} invalide : CRDT ou DBIT attendu.`);
}

/** ISO date of a DateAndDateTimeChoice (`Dt` or `DtTm`) or of an ISODateTime, or null. */
function dayOf(element: XmlElement | null, paths: readonly string[], statementId: string, what: string) {
  const value = textAtAny(element, paths);
  if (value === null) return null;
  const day = value.slice(0, 10);
  if (!isIsoDay(day)) refuse(statementId, `date ${what} « ${value} » invalide.`);
  if (!isBankFileDay(day)) refuse(statementId, `date ${what} ${BANK_STATEMENT_TEXT.dateOutOfRange(value)}.`);
  return day;
}

const DAY_CHOICE = ['Dt', 'DtTm'] as const;

interface Balance {
  cents: Cents;
  currency: string | null;
  day: string | null;
}

function balance(statement: XmlElement, codes: readonly string[], statementId: string): Balance | null {
  for (const code of codes) {
    const found = all(statement, 'Bal').find((bal) => textAt(bal, 'Tp/CdOrPrtry/Cd') === code);
    if (!found) continue;
    const what = `du solde ${code}`;
    const cents = amountCents(textAt(found, 'Amt'), statementId, what);
    return {
      cents: directionOf(found, statementId, `le solde ${code}`) === 'debit' ? -cents : cents,
      currency: first(found, 'Amt')?.attributes.Ccy ?? null,
      day: dayOf(first(found, 'Dt'), DAY_CHOICE, statementId, what),
    };
  }
  return null;
}

function readStatement(format: CamtFormat, statement: XmlElement): BankStatement {
  const statementId = textAt(statement, 'Id');
  if (!statementId) refuse(null, 'identifiant du relevé (Stmt/Id) absent.');
  const iban = textAt(statement, 'Acct/Id/IBAN');
  const otherId = textAt(statement, 'Acct/Id/Othr/Id');
  if (!iban && !otherId) refuse(statementId, 'compte (Acct/Id/IBAN) absent.');
  // OPBD opening booked; some banks write PRCD (previously closed booked) instead.
  const opening = balance(statement, ['OPBD', 'PRCD'], statementId);
  const closing = balance(statement, ['CLBD'], statementId);
  if (!opening) refuse(statementId, 'solde d’ouverture (Bal OPBD) absent.');
  if (!closing) refuse(statementId, 'solde de clôture (Bal CLBD) absent.');
  const currency = textAt(statement, 'Acct/Ccy') ?? opening.currency ?? closing.currency;
  if (!currency || !/^[A-Z]{3}$/.test(currency)) refuse(statementId, 'devise du compte absente ou invalide.');
  const { fromDate, toDate } = statementPeriod(statement, statementId, opening.day, closing.day);
  const entries = statementEntries(statement, statementId, toDate);
  return {
    format,
    statementId,
    account: { iban: iban ? iban.replace(/\s+/g, '').toUpperCase() : null, bban: iban ? null : otherId },
    currency,
    openingBalanceCents: opening.cents,
    closingBalanceCents: closing.cents,
    fromDate,
    toDate,
    entries,
  };
}

/** The statement's period: FrToDt, else the balances' days, else its creation day. */
function statementPeriod(
  statement: XmlElement,
  statementId: string,
  openingDay: string | null,
  closingDay: string | null,
): { fromDate: string; toDate: string } {
  const fromDate =
    dayOf(statement, ['FrToDt/FrDtTm'], statementId, 'de début (FrToDt)') ??
    openingDay ??
    dayOf(statement, ['CreDtTm'], statementId, 'de création');
  const toDate =
    dayOf(statement, ['FrToDt/ToDtTm'], statementId, 'de fin (FrToDt)') ??
    closingDay ??
    dayOf(statement, ['CreDtTm'], statementId, 'de création');
  if (!fromDate || !toDate) refuse(statementId, 'période du relevé (FrToDt ou dates des soldes) absente.');
  return { fromDate, toDate };
}

function statementEntries(statement: XmlElement, statementId: string, toDate: string) {
  const seen = new Set<string>();
  return all(statement, 'Ntry').map((entry, index) => {
    const read = readEntry(entry, index + 1, statementId, toDate);
    // AcctSvcrRef is unique per account servicer; should a bank repeat one, the rank keeps
    // the entry references unique and stable.
    if (seen.has(read.entryReference)) read.entryReference = `${read.entryReference}#${index + 1}`;
    seen.add(read.entryReference);
    return read;
  });
}

function distinctTexts(elements: XmlElement[]): string[] {
  return [...new Set(elements.map((element) => element.text.trim()).filter(Boolean))];
}

function uniqueTexts(elements: XmlElement[], paths: readonly string[]): string[] {
  const values = elements.flatMap((element) => paths.map((path) => textAt(element, path)));
  return [...new Set(values.filter((value): value is string => value !== null))];
}

/** The value all transactions that give one agree on, or null. */
function agreed(elements: XmlElement[], paths: readonly string[]): string | null {
  const values = uniqueTexts(elements, paths);
  return values.length === 1 ? values[0]! : null;
}

function batchOf(entry: XmlElement, statementId: string): BankEntryBatch | null {
  const batch = first(entry, 'NtryDtls/Btch');
  if (!batch) return null;
  const count = textAt(batch, 'NbOfTxs');
  if (count !== null && !/^\d{1,15}$/.test(count))
    refuse(statementId, `nombre de transactions du lot « ${count} » invalide.`);
  const total = textAt(batch, 'TtlAmt');
  return {
    messageId: textAt(batch, 'MsgId'),
    paymentInformationId: textAt(batch, 'PmtInfId'),
    numberOfTransactions: count === null ? null : Number(count),
    totalCents: total === null ? null : amountCents(total, statementId, 'du lot (Btch/TtlAmt)'),
  };
}

function bankTransactionCode(entry: XmlElement): string | null {
  const domain = textAt(entry, 'BkTxCd/Domn/Cd');
  if (domain) {
    return [domain, textAt(entry, 'BkTxCd/Domn/Fmly/Cd'), textAt(entry, 'BkTxCd/Domn/Fmly/SubFmlyCd')]
      .filter(Boolean)
      .join('/');
  }
  return textAt(entry, 'BkTxCd/Prtry/Cd');
}

function readEntry(entry: XmlElement, rank: number, statementId: string, statementDay: string): BankStatementEntry {
  const what = `de l’écriture n° ${rank}`;
  const transactions = all(entry, 'NtryDtls/TxDtls');
  const accountServicerReference = textAt(entry, 'AcctSvcrRef');
  const valueDate = dayOf(first(entry, 'ValDt'), DAY_CHOICE, statementId, `de valeur ${what}`);
  return {
    entryReference: accountServicerReference ?? textAt(entry, 'NtryRef') ?? `#${rank}`,
    bookingDate:
      dayOf(first(entry, 'BookgDt'), DAY_CHOICE, statementId, `de comptabilisation ${what}`) ??
      valueDate ??
      statementDay,
    valueDate,
    amountCents: amountCents(textAt(entry, 'Amt'), statementId, what),
    direction: directionOf(entry, statementId, `l’écriture n° ${rank}`),
    // .001.02 to .07: <Sts>BOOK</Sts>; .001.08: <Sts><Cd>BOOK</Cd></Sts> (or Prtry).
    status: textAtAny(entry, ['Sts/Cd', 'Sts/Prtry']) ?? textAt(entry, 'Sts'),
    label: textAt(entry, 'AddtlNtryInf'),
    remittanceInfo: distinctTexts(
      transactions.flatMap((tx) => [...all(tx, 'RmtInf/Ustrd'), ...all(tx, 'RmtInf/Strd/CdtrRefInf/Ref')]),
    ),
    endToEndIds: uniqueTexts(transactions, ['Refs/EndToEndId']).filter((id) => id !== 'NOTPROVIDED'),
    debtorName: agreed(transactions, ['RltdPties/Dbtr/Nm', 'RltdPties/Dbtr/Pty/Nm']),
    debtorIban: agreed(transactions, ['RltdPties/DbtrAcct/Id/IBAN'])?.replace(/\s+/g, '').toUpperCase() ?? null,
    batch: batchOf(entry, statementId),
    transactionCount: transactions.length,
    bankTransactionCode: bankTransactionCode(entry),
    details: [],
  };
}
