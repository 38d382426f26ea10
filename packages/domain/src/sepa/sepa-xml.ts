import { parisDateTime } from '../flux/paris-day';
import { centsToDecimal, type Cents } from '../money/money';
import { SEPA_MAX_LENGTH } from './epc-rules';
import type { SepaPostalAddress } from './pain008-types';
import { escapeSepaXml, sepaField } from './sepa-text';

/**
 * The pieces every SEPA file the product writes is made of (pain.008 direct debits, pain.001
 * payouts): elements, EPC text, structured addresses, agents, the group header and the document.
 */

/** Child elements (or escaped text) inside `<name>`. */
export const sepaElement = (name: string, ...children: string[]) => `<${name}>${children.join('')}</${name}>`;

/** A code, date, amount, identifier or IBAN, known to be safe: escaped only. */
export const sepaValue = (name: string, content: string) => sepaElement(name, escapeSepaXml(content));

/**
 * Free text of an element the file needs (Nm, TwnNm): transliterated to the EPC Latin set, cut
 * to `max`, escaped, and written even when empty, so that the schema refuses it (MaxNText needs
 * one character) rather than the file losing the element.
 */
export const sepaText = (name: string, content: string, max: number) => sepaValue(name, sepaField(content, max));

/** Free text of an optional element: left out when nothing of it survives transliteration. */
export function sepaOptionalText(name: string, content: string | null | undefined, max: number): string {
  const field = sepaField(content ?? '', max);
  return field === '' ? '' : sepaValue(name, field);
}

/**
 * R-SEPA-03, in every version of both messages (EPC guidance on structured addresses,
 * mandatory from 15 November 2026): a structured or hybrid address, never unstructured-only.
 * TwnNm and Ctry always as their own elements, StrtNm, BldgNb and PstCd when known (schema
 * order: StrtNm, BldgNb, PstCd, TwnNm, Ctry, AdrLine in PostalAddress6 and PostalAddress24
 * alike), and the address complement as the one AdrLine of a hybrid address.
 */
export function sepaPostalAddress(address: SepaPostalAddress): string {
  return sepaElement(
    'PstlAdr',
    sepaOptionalText('StrtNm', address.street, SEPA_MAX_LENGTH.streetName),
    sepaOptionalText('BldgNb', address.buildingNumber, SEPA_MAX_LENGTH.buildingNumber),
    sepaOptionalText('PstCd', address.postCode, SEPA_MAX_LENGTH.postCode),
    sepaText('TwnNm', address.town, SEPA_MAX_LENGTH.townName),
    sepaValue('Ctry', address.country),
    sepaOptionalText('AdrLine', address.complement, SEPA_MAX_LENGTH.addressLine),
  );
}

/** A bank by BIC (`bicElement`: BICFI from 2019, BIC before); a mandatory agent without one is NOTPROVIDED. */
export function sepaAgent(name: string, bic: string | null, bicElement: 'BIC' | 'BICFI'): string {
  const id = bic ? sepaValue(bicElement, bic) : sepaElement('Othr', sepaValue('Id', 'NOTPROVIDED'));
  return sepaElement(name, sepaElement('FinInstnId', id));
}

/** InstdAmt: integer cents in euros, two decimals, no float on the way. */
export const sepaInstructedAmount = (cents: Cents) => `<InstdAmt Ccy="EUR">${centsToDecimal(cents)}</InstdAmt>`;

/** NbOfTxs and CtrlSum of the transactions' amounts (integer cents), as the header and the payment block state them. */
export function sepaControlTotals(amounts: readonly Cents[]): string[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return [sepaValue('NbOfTxs', String(amounts.length)), sepaValue('CtrlSum', centsToDecimal(total))];
}

/** GrpHdr: the message's identifier, its creation time, its control totals and the federation as initiating party. */
export function sepaGroupHeader(
  message: { messageId: string; createdAt: Date },
  totals: readonly string[],
  initiatingParty: string,
): string {
  return sepaElement(
    'GrpHdr',
    sepaValue('MsgId', message.messageId),
    // ISO 8601 with the Europe/Paris offset: a time without zone is read as the bank's local time.
    sepaValue('CreDtTm', parisDateTime(message.createdAt)),
    ...totals,
    sepaElement('InitgPty', sepaText('Nm', initiatingParty, SEPA_MAX_LENGTH.name)),
  );
}

/** The whole file: the XML declaration and the Document of `version`'s namespace around its one message. */
export function sepaDocument(version: string, message: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    message +
    '</Document>\n'
  );
}
