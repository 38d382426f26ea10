import {
  BANK_STATEMENT_TEXT,
  isBankFileDay,
  isIsoDay,
  isWellFormedReasonCode,
  SEPA_RETURN_FORMATS,
  SEPA_RETURN_MAX_BYTES,
  parisToday,
  toCents,
  type Cents,
  type SepaReturnFormat,
  type SepaReturnKind,
} from '@gdf/domain';
import { badRequest } from '../../lib/http-errors';
import { all, first, readXmlTree, textAt, textAtAny, type XmlElement } from '../../lib/xml-tree';

/** One rejected or returned transaction as the bank reports it. */
export interface ReportedReturn {
  endToEndId: string;
  code: string | null;
  amountCents: Cents | null;
  /** The amount's currency (its Ccy attribute), null when the report gives no amount. */
  currency: string | null;
  /** Set only when the report gives an amount no debit could have: as written (R-RET-05 anomaly). */
  unreadableAmount?: string;
  /** YYYY-MM-DD. */
  date: string;
  type: SepaReturnKind;
}

export interface ParsedReturnReport {
  format: SepaReturnFormat;
  returns: ReportedReturn[];
  /** Transactions reported with another status (ACCP, PDNG...) or without return information. */
  ignored: number;
}

const MESSAGES = { CstmrPmtStsRpt: 'pain.002', BkToCstmrDbtCdtNtfctn: 'camt.054' } as const;

/**
 * Reads a pain.002 status report or a camt.054 debit notification (R-RET-01). Paths use local
 * names only, so .001.03 and .001.10 (pain.002), .001.02, .001.04 and .001.08 (camt.054) share
 * them; the version is taken from the Document's namespace. A date that is no real day or
 * falls outside 1900-2099, or a control character, refuses the whole file (R-BANK-08).
 */
export function parseReturnReport(bytes: Buffer): ParsedReturnReport {
  const root = readXmlTree(bytes, { maxBytes: SEPA_RETURN_MAX_BYTES });
  const message = root.name === 'Document' ? root.children[0] : undefined;
  const family = message ? MESSAGES[message.name as keyof typeof MESSAGES] : undefined;
  if (!message || !family) {
    throw badRequest(
      'Fichier non reconnu : un rapport de statut pain.002 ou une notification de débit camt.054 est attendu.',
    );
  }
  const format = formatOf(family, root.namespace);
  return family === 'pain.002' ? readStatusReport(format, message) : readDebitNotification(format, message);
}

function formatOf(family: 'pain.002' | 'camt.054', namespace: string): SepaReturnFormat {
  const version = /(?:^|:)((?:pain\.002|camt\.054)\.001\.\d{2})$/.exec(namespace)?.[1];
  const format = SEPA_RETURN_FORMATS.find((known) => known === version);
  if (!format || !format.startsWith(family)) {
    const supported = SEPA_RETURN_FORMATS.filter((known) => known.startsWith(family)).join(', ');
    throw badRequest(
      `Version non prise en charge (${version ?? (namespace || 'sans espace de noms')}) : ${supported} attendues.`,
    );
  }
  return format;
}

/**
 * pain.002: a transaction's status is its TxSts, else its payment information's PmtInfSts,
 * else the group's GrpSts (ISO 20022 pain.002 message definition); only RJCT is a reject.
 * The reason follows the same inheritance. The report's creation day dates the reject.
 */
function readStatusReport(format: SepaReturnFormat, report: XmlElement): ParsedReturnReport {
  const date = isoDay(textAt(report, 'GrpHdr/CreDtTm'), 'de création (GrpHdr/CreDtTm)');
  const group = first(report, 'OrgnlGrpInfAndSts');
  const groupStatus = textAt(group, 'GrpSts');
  const groupReason = reasonOf(group);
  const returns: ReportedReturn[] = [];
  let ignored = 0;
  for (const payment of all(report, 'OrgnlPmtInfAndSts')) {
    const inherited = { status: textAt(payment, 'PmtInfSts') ?? groupStatus, reason: reasonOf(payment) ?? groupReason };
    const read = paymentRejects(payment, inherited, date);
    returns.push(...read.returns);
    ignored += read.ignored;
  }
  // A file rejected whole names no transaction: importing it would change nothing while its
  // flux stay claimed; the batch is to be cancelled and generated again.
  const paymentRejected = all(report, 'OrgnlPmtInfAndSts').some((p) => textAt(p, 'PmtInfSts') === 'RJCT');
  if (returns.length === 0 && (groupStatus === 'RJCT' || paymentRejected)) {
    const batch = textAt(group, 'OrgnlMsgId');
    throw badRequest(
      `Ce rapport rejette le fichier SEPA entier${batch ? ` (${batch})` : ''} sans détailler de prélèvement : ` +
        'annulez le lot (« Annuler le lot ») puis générez un nouveau fichier.',
    );
  }
  return { format, returns, ignored };
}

/** The rejected transactions of one payment information block; the others are counted as ignored. */
function paymentRejects(
  payment: XmlElement,
  inherited: { status: string | null; reason: string | null },
  date: string | null,
): { returns: ReportedReturn[]; ignored: number } {
  const returns: ReportedReturn[] = [];
  let ignored = 0;
  for (const transaction of all(payment, 'TxInfAndSts')) {
    const endToEndId = textAt(transaction, 'OrgnlEndToEndId');
    const status = textAt(transaction, 'TxSts') ?? inherited.status;
    const requested = isoDay(textAt(transaction, 'OrgnlTxRef/ReqdColltnDt'), 'd’échéance (ReqdColltnDt)');
    if (!endToEndId || status !== 'RJCT') {
      ignored++;
      continue;
    }
    returns.push({
      endToEndId: endToEndId.slice(0, 35), // Max35Text
      code: reasonOf(transaction) ?? inherited.reason,
      ...(amountOf(transaction, ['OrgnlTxRef/Amt/InstdAmt']) ?? NO_AMOUNT),
      date: date ?? requested ?? parisToday(),
      type: 'rejet',
    });
  }
  return { returns, ignored };
}

/**
 * camt.054: every entry's transaction details carrying return information (RtrInf) is a
 * returned debit; it is dated by the entry's booking date, else its value date.
 */
function readDebitNotification(format: SepaReturnFormat, notification: XmlElement): ParsedReturnReport {
  const created = isoDay(textAt(notification, 'GrpHdr/CreDtTm'), 'de création (GrpHdr/CreDtTm)');
  const returns: ReportedReturn[] = [];
  let ignored = 0;
  for (const entry of all(notification, 'Ntfctn/Ntry')) {
    const booked = isoDay(textAtAny(entry, ['BookgDt/Dt', 'BookgDt/DtTm']), 'de comptabilisation (BookgDt)');
    const valued = isoDay(textAtAny(entry, ['ValDt/Dt', 'ValDt/DtTm']), 'de valeur (ValDt)');
    const date = booked ?? valued ?? created;
    const details = all(entry, 'NtryDtls/TxDtls');
    for (const transaction of details) {
      const returnInformation = first(transaction, 'RtrInf');
      const endToEndId = textAt(transaction, 'Refs/EndToEndId');
      if (!returnInformation || !endToEndId) {
        ignored++;
        continue;
      }
      // .08 puts the amount on TxDtls/Amt, .02 in AmtDtls; a lone transaction is its entry.
      const amountPaths = ['Amt', 'AmtDtls/InstdAmt/Amt', 'AmtDtls/TxAmt/Amt'];
      returns.push({
        endToEndId: endToEndId.slice(0, 35), // Max35Text
        code: reasonCode(textAt(returnInformation, 'Rsn/Cd')),
        ...(amountOf(transaction, amountPaths) ??
          (details.length === 1 ? amountOf(entry, ['Amt']) : null) ??
          NO_AMOUNT),
        date: date ?? parisToday(),
        type: 'retour',
      });
    }
  }
  return { format, returns, ignored };
}

/** StsRsnInf/Rsn/Cd of an element (the first reason given). */
function reasonOf(element: XmlElement | null): string | null {
  return reasonCode(textAt(element, 'StsRsnInf/Rsn/Cd'));
}

/** An ISO external code is four letters or digits; anything else is not shown as one. */
function reasonCode(value: string | null): string | null {
  return value !== null && isWellFormedReasonCode(value) ? value : null;
}

const NO_AMOUNT = { amountCents: null, currency: null } as const;

/** The first amount found at `paths`, with its currency (R-RET-05 compares both with the debit). */
function amountOf(
  element: XmlElement,
  paths: readonly string[],
): Pick<ReportedReturn, 'amountCents' | 'currency' | 'unreadableAmount'> | null {
  for (const path of paths) {
    const amount = first(element, path);
    if (amount === null) continue;
    const value = amount.text.trim();
    const currency = amount.attributes.Ccy ?? null;
    // numeric(12,2): at most 10 integer digits. Any other amount is never stored, and never
    // taken for none: it is an anomaly applied only on confirmation (R-RET-05).
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(value)) return { amountCents: null, currency, unreadableAmount: value };
    return { amountCents: toCents(value), currency };
  }
  return null;
}

/**
 * The calendar day of an ISO date or date-time as the bank wrote it, null when absent; a date
 * that is no real day, or outside 1900-2099, refuses the file (R-BANK-08).
 */
function isoDay(value: string | null, what: string): string | null {
  if (value === null) return null;
  const day = value.slice(0, 10);
  if (!isIsoDay(day)) throw badRequest(`Rapport bancaire refusé : date ${what} « ${value} » invalide.`);
  if (!isBankFileDay(day)) {
    throw badRequest(`Rapport bancaire refusé : date ${what} ${BANK_STATEMENT_TEXT.dateOutOfRange(value)}.`);
  }
  return day;
}
