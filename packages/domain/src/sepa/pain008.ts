import { parisDateTime } from '../flux/paris-day';
import { centsToDecimal } from '../money/money';
import { normalizeIban, SEPA_MAX_LENGTH } from './epc-rules';
import type { Pain008Input, Pain008Version, SepaDirectDebit, SepaPostalAddress } from './pain008-types';
import { pain008FileProblems } from './sepa-preflight';
import { escapeSepaXml, sepaField } from './sepa-text';

/** An element whose text is transliterated to the SEPA set, cut to `max` and escaped. */
const text = (name: string, value: string, max: number) => `<${name}>${escapeSepaXml(sepaField(value, max))}</${name}>`;
/** An optional element: left out when nothing of it survives transliteration (MaxNText has a minimum of 1). */
const optionalText = (name: string, value: string | null | undefined, max: number) => {
  const field = sepaField(value ?? '', max);
  return field === '' ? '' : `<${name}>${escapeSepaXml(field)}</${name}>`;
};
/** An element whose value is already known to be safe (codes, dates, amounts, IBAN). */
const raw = (name: string, value: string) => `<${name}>${escapeSepaXml(value)}</${name}>`;
const wrap = (name: string, ...children: string[]) => `<${name}>${children.join('')}</${name}>`;

/**
 * R-SEPA-03, in every version (EPC guidance on structured addresses, mandatory from 15
 * November 2026): a structured or hybrid address, never unstructured-only. TwnNm and Ctry
 * always as their own elements, StrtNm and PstCd when known (schema order: StrtNm, PstCd,
 * TwnNm, Ctry, AdrLine in PostalAddress6 and PostalAddress24 alike), and the address
 * complement as the one AdrLine of a hybrid address.
 */
function postalAddress(address: SepaPostalAddress): string {
  return wrap(
    'PstlAdr',
    optionalText('StrtNm', address.street, SEPA_MAX_LENGTH.streetName),
    optionalText('PstCd', address.postCode, SEPA_MAX_LENGTH.postCode),
    text('TwnNm', address.town, SEPA_MAX_LENGTH.townName),
    raw('Ctry', address.country),
    optionalText('AdrLine', address.complement, SEPA_MAX_LENGTH.addressLine),
  );
}

/** A bank by BIC; the schema requires the agent, so a missing BIC is written NOTPROVIDED. */
function agent(name: string, bic: string | null, version: Pain008Version): string {
  const bicElement = version === 'pain.008.001.08' ? 'BICFI' : 'BIC';
  const id = bic ? raw(bicElement, bic) : wrap('Othr', raw('Id', 'NOTPROVIDED'));
  return wrap(name, wrap('FinInstnId', id));
}

/** AmdmntInd and AmdmntInfDtls (EPC IG, AT-24) when the debtor's account changed; nothing otherwise. */
function amendment(debit: SepaDirectDebit): string[] {
  const original = debit.amendment ? normalizeIban(debit.amendment.originalDebtorIban) : '';
  if (!debit.amendment || original === '' || original === normalizeIban(debit.debtorIban)) return [];
  return [
    raw('AmdmntInd', 'true'),
    wrap(
      'AmdmntInfDtls',
      wrap('OrgnlDbtrAcct', wrap('Id', raw('IBAN', original))),
      debit.amendment.bankChanged ? wrap('OrgnlDbtrAgt', wrap('FinInstnId', wrap('Othr', raw('Id', 'SMNDA')))) : '',
    ),
  ];
}

function transaction(debit: SepaDirectDebit, version: Pain008Version): string {
  return wrap(
    'DrctDbtTxInf',
    wrap('PmtId', raw('EndToEndId', debit.endToEndId)),
    `<InstdAmt Ccy="EUR">${centsToDecimal(debit.amountCents)}</InstdAmt>`,
    wrap(
      'DrctDbtTx',
      wrap(
        'MndtRltdInf',
        raw('MndtId', debit.mandateReference),
        raw('DtOfSgntr', debit.mandateSignedOn),
        ...amendment(debit),
      ),
    ),
    agent('DbtrAgt', debit.debtorBic, version),
    wrap('Dbtr', text('Nm', debit.debtorName, 70), postalAddress(debit.debtorAddress)),
    wrap('DbtrAcct', wrap('Id', raw('IBAN', normalizeIban(debit.debtorIban)))),
    wrap('RmtInf', text('Ustrd', debit.remittance, 140)),
  );
}

/** Refuses what a bank would reject anyway (sepa-preflight.ts), before any byte is written. */
function check(input: Pain008Input): void {
  const problems = pain008FileProblems(input);
  if (problems.length > 0) throw new RangeError(problems.join(' '));
}

/** A pain.008 (SEPA Direct Debit CORE) document: one payment information block, one transaction per debit. */
export function buildPain008(input: Pain008Input): string {
  check(input);
  const count = String(input.transactions.length);
  const total = centsToDecimal(input.transactions.reduce((sum, debit) => sum + debit.amountCents, 0));
  const { creditor, version } = input;
  const header = wrap(
    'GrpHdr',
    raw('MsgId', input.messageId),
    // ISO 8601 with the Europe/Paris offset: a time without zone is read as the bank's local time.
    raw('CreDtTm', parisDateTime(input.createdAt)),
    raw('NbOfTxs', count),
    raw('CtrlSum', total),
    wrap('InitgPty', text('Nm', creditor.name, 70)),
  );
  const paymentInfo = wrap(
    'PmtInf',
    raw('PmtInfId', input.paymentInfoId),
    raw('PmtMtd', 'DD'),
    raw('NbOfTxs', count),
    raw('CtrlSum', total),
    wrap(
      'PmtTpInf',
      wrap('SvcLvl', raw('Cd', 'SEPA')),
      wrap('LclInstrm', raw('Cd', 'CORE')),
      raw('SeqTp', input.sequenceType),
    ),
    raw('ReqdColltnDt', input.requestedCollectionDate),
    wrap('Cdtr', text('Nm', creditor.name, 70), postalAddress(creditor.address)),
    wrap('CdtrAcct', wrap('Id', raw('IBAN', normalizeIban(creditor.iban)))),
    agent('CdtrAgt', creditor.bic, version),
    raw('ChrgBr', 'SLEV'),
    wrap(
      'CdtrSchmeId',
      wrap('Id', wrap('PrvtId', wrap('Othr', raw('Id', creditor.ics), wrap('SchmeNm', raw('Prtry', 'SEPA'))))),
    ),
    ...input.transactions.map((debit) => transaction(debit, version)),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    wrap('CstmrDrctDbtInitn', header, paymentInfo) +
    '</Document>\n'
  );
}
