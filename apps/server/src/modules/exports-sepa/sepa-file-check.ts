import { readFileSync } from 'node:fs';
import { toCents, type Pain008Version } from '@gdf/domain';
import type { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { assetPath } from '../../lib/assets';
import type { Libxml2 } from '../../lib/libxml2';
import { checkOwnXml, schemaProblems } from '../../lib/xml-check';

/**
 * The last gate before a SEPA file is stored: the XML as written is validated against its
 * official ISO 20022 schema (apps/server/assets/xsd) with libxml2 compiled to WebAssembly
 * (libxml2-wasm: in process, offline, no native build, no xmllint on the server), then its
 * NbOfTxs and CtrlSum are recounted from the transactions it really holds.
 */

const validators = new Map<Pain008Version, XsdValidator>();

function schemaFile(version: Pain008Version): string {
  return assetPath('xsd', `${version}.xsd`);
}

/** Compiled once per version and kept: compiling takes ~100 ms, validating a file a few. */
function validatorFor(lib: Libxml2, version: Pain008Version): XsdValidator {
  let validator = validators.get(version);
  if (!validator) {
    const schema = lib.XmlDocument.fromString(readFileSync(schemaFile(version), 'utf8'));
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
 * Problems of a written pain.008 file, in French, at most a few; empty when the file is
 * valid against its XSD and its control totals match its transactions.
 */
export function pain008XmlProblems(xml: string, version: Pain008Version): Promise<string[]> {
  return checkOwnXml(xml, (doc, lib) => {
    const problems = schemaProblems(lib, validatorFor(lib, version), doc, version);
    return problems.length > 0 ? problems : [...addressProblems(doc, version), ...controlTotalProblems(doc, version)];
  });
}

/**
 * R-SEPA-03 on the file as written: every postal address (creditor, debtors) is structured or
 * hybrid, TwnNm and Ctry as their own elements and at most two AdrLine. Either schema would
 * accept an unstructured-only address; a bank applying the EPC rule of 15 November 2026 rejects it.
 */
function addressProblems(doc: XmlDocument, version: Pain008Version): string[] {
  const ns = { p: `urn:iso:std:iso:20022:tech:xsd:${version}` };
  const unstructured = doc.find('//p:PstlAdr[not(p:TwnNm) or not(p:Ctry) or count(p:AdrLine) > 2]/../p:Nm', ns);
  if (unstructured.length === 0) return [];
  const names = unstructured.slice(0, 3).map((node) => node.content.trim());
  return [
    `Adresse non structurée (TwnNm et Ctry obligatoires, AdrLine en complément seulement) : ${unstructured.length} ` +
      `(${names.join(', ')}${unstructured.length > 3 ? '…' : ''}).`,
  ];
}

/** NbOfTxs and CtrlSum of the group header and of the payment information, recounted. */
function controlTotalProblems(doc: XmlDocument, version: Pain008Version): string[] {
  const ns = { p: `urn:iso:std:iso:20022:tech:xsd:${version}` };
  const values = (xpath: string) => doc.find(xpath, ns).map((node) => node.content.trim());
  const count = values('/p:Document/p:CstmrDrctDbtInitn/p:PmtInf/p:DrctDbtTxInf/p:InstdAmt');
  const sum = count.reduce((total, amount) => total + toCents(amount), 0);
  const problems: string[] = [];
  for (const block of ['p:GrpHdr', 'p:PmtInf']) {
    const [nbOfTxs] = values(`/p:Document/p:CstmrDrctDbtInitn/${block}/p:NbOfTxs`);
    const [ctrlSum] = values(`/p:Document/p:CstmrDrctDbtInitn/${block}/p:CtrlSum`);
    if (Number(nbOfTxs) !== count.length) {
      problems.push(`NbOfTxs (${nbOfTxs ?? 'absent'}) différent du nombre de transactions (${count.length}).`);
    }
    if (ctrlSum === undefined || toCents(ctrlSum) !== sum) {
      problems.push(`CtrlSum (${ctrlSum ?? 'absent'}) différent de la somme des montants.`);
    }
  }
  return problems;
}
