import { readFileSync } from 'node:fs';
import { toCents, type Pain001Version, type Pain008Version } from '@gdf/domain';
import type { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { assetPath } from './assets';
import type { Libxml2 } from './libxml2';
import { checkOwnXml, schemaProblems } from './xml-check';

/**
 * The last gate before a SEPA file is stored, direct debits (pain.008, R-SEPA-05) and payouts
 * (pain.001, R-PAY-05) alike: the XML as written is validated against its official ISO 20022
 * schema (apps/server/assets/xsd) with libxml2 compiled to WebAssembly (libxml2-wasm: in
 * process, offline, no native build, no xmllint on the server), then its addresses, its
 * amounts, its NbOfTxs and its CtrlSum are checked against the transactions it really holds.
 */

/** The SEPA messages the server writes. */
export type SepaMessageVersion = Pain008Version | Pain001Version;

/** Where each message keeps its transactions: below the document's one child, each with its InstdAmt. */
function layout(version: SepaMessageVersion): { message: string; amounts: string } {
  return version.startsWith('pain.001')
    ? { message: '/p:Document/p:CstmrCdtTrfInitn', amounts: 'p:PmtInf/p:CdtTrfTxInf/p:Amt/p:InstdAmt' }
    : { message: '/p:Document/p:CstmrDrctDbtInitn', amounts: 'p:PmtInf/p:DrctDbtTxInf/p:InstdAmt' };
}

const validators = new Map<SepaMessageVersion, XsdValidator>();

/** Compiled once per version and kept: compiling takes ~100 ms, validating a file a few. */
function validatorFor(lib: Libxml2, version: SepaMessageVersion): XsdValidator {
  let validator = validators.get(version);
  if (!validator) {
    const schema = lib.XmlDocument.fromString(readFileSync(assetPath('xsd', `${version}.xsd`), 'utf8'));
    try {
      validator = lib.XsdValidator.fromDoc(schema);
    } finally {
      schema.dispose();
    }
    validators.set(version, validator);
  }
  return validator;
}

/**
 * Problems of a written SEPA file, in French, at most a few; empty when the file is valid
 * against its XSD, its addresses are structured, its amounts are SEPA amounts and its control
 * totals match its transactions.
 */
export function sepaXmlProblems(xml: string, version: SepaMessageVersion): Promise<string[]> {
  return checkOwnXml(xml, (doc, lib) => {
    const problems = schemaProblems(lib, validatorFor(lib, version), doc, version);
    if (problems.length > 0) return problems;
    const ns = { p: `urn:iso:std:iso:20022:tech:xsd:${version}` };
    const amounts = amountProblems(doc, ns, version);
    return [...addressProblems(doc, ns), ...(amounts.length > 0 ? amounts : controlTotalProblems(doc, ns, version))];
  });
}

type Namespaces = Record<string, string>;

/**
 * R-SEPA-03 on the file as written: every postal address (creditor, debtors) is structured or
 * hybrid, TwnNm and Ctry as their own elements and at most two AdrLine. Either schema would
 * accept an unstructured-only address; a bank applying the EPC rule of 15 November 2026 rejects it.
 */
function addressProblems(doc: XmlDocument, ns: Namespaces): string[] {
  const unstructured = doc.find('//p:PstlAdr[not(p:TwnNm) or not(p:Ctry) or count(p:AdrLine) > 2]/../p:Nm', ns);
  if (unstructured.length === 0) return [];
  const names = unstructured.slice(0, 3).map((node) => node.content.trim());
  return [
    `Adresse non structurée (TwnNm et Ctry obligatoires, AdrLine en complément seulement) : ${unstructured.length} ` +
      `(${names.join(', ')}${unstructured.length > 3 ? '…' : ''}).`,
  ];
}

/** EPC implementation guidelines: euros, two decimals at most, from 0.01 to 999999999.99 (the schemas allow more). */
const SEPA_AMOUNT = /^(?!0+\.?0*$)\d{1,9}(\.\d{1,2})?$/;

/** Every InstdAmt a SEPA amount in euros: the schema alone would take 0, 12.345 or USD. */
function amountProblems(doc: XmlDocument, ns: Namespaces, version: SepaMessageVersion): string[] {
  const { message, amounts } = layout(version);
  const wrong = doc
    .find(`${message}/${amounts}`, ns)
    .map((node) => ({ amount: node.content.trim(), currency: node.find('@Ccy')[0]?.content ?? '' }))
    .filter(({ amount, currency }) => currency !== 'EUR' || !SEPA_AMOUNT.test(amount));
  return wrong
    .slice(0, 3)
    .map(
      ({ amount, currency }) =>
        `Montant non conforme aux règles SEPA (en euros, de 0.01 à 999999999.99, deux décimales au plus) : ${amount} ${currency}.`,
    );
}

/** NbOfTxs and CtrlSum of the group header and of the payment information, recounted. */
function controlTotalProblems(doc: XmlDocument, ns: Namespaces, version: SepaMessageVersion): string[] {
  const { message, amounts } = layout(version);
  const values = (xpath: string) => doc.find(xpath, ns).map((node) => node.content.trim());
  const count = values(`${message}/${amounts}`);
  const sum = count.reduce((total, amount) => total + toCents(amount), 0);
  const problems: string[] = [];
  for (const block of ['p:GrpHdr', 'p:PmtInf']) {
    const [nbOfTxs] = values(`${message}/${block}/p:NbOfTxs`);
    const [ctrlSum] = values(`${message}/${block}/p:CtrlSum`);
    if (Number(nbOfTxs) !== count.length) {
      problems.push(`NbOfTxs (${nbOfTxs ?? 'absent'}) différent du nombre de transactions (${count.length}).`);
    }
    if (ctrlSum === undefined || !/^\d+(\.\d{1,2})?$/.test(ctrlSum) || toCents(ctrlSum) !== sum) {
      problems.push(`CtrlSum (${ctrlSum ?? 'absent'}) différent de la somme des montants.`);
    }
  }
  return problems;
}
