import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { fsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import { assetPath } from '../../lib/assets';
import { checkOwnXml, schemaProblems } from '../../lib/xml-check';

/**
 * The gate before a Factur-X XML goes into an invoice (R-FACT-14): the XML as written is
 * validated in process against the official UN/CEFACT CII D16B schema (apps/server/assets/xsd/
 * cii-d16b, unchanged copies). The EN 16931 business rules need an XSLT 2.0 processor (Saxon,
 * Java): the test suite runs them on every kind of invoice the domain builds.
 */
const SCHEMA = assetPath('xsd', 'cii-d16b', 'CrossIndustryInvoice_100pD16B.xsd');
const SCHEMA_DIR = path.dirname(SCHEMA);

let validator: XsdValidator | undefined;

/** The main schema imports its three siblings: libxml2 may read those files, and nothing else. */
function schemaImportsOnly(filename: string): boolean {
  const file = filename.startsWith('file:') ? new URL(filename).pathname : filename;
  return path.dirname(path.resolve(file)) === SCHEMA_DIR && fsInputProviders.match(file);
}

function ciiValidator(): XsdValidator {
  if (!validator) {
    xmlRegisterInputProvider({ ...fsInputProviders, match: schemaImportsOnly });
    const schema = XmlDocument.fromBuffer(readFileSync(SCHEMA), { url: SCHEMA });
    try {
      validator = XsdValidator.fromDoc(schema);
    } finally {
      schema.dispose();
    }
  }
  return validator;
}

/** Problems of a CII XML in French, at most three; empty when it is valid against the schema. */
export function ciiXmlProblems(xml: string): string[] {
  return checkOwnXml(xml, (doc) => schemaProblems(ciiValidator(), doc, 'CII D16B'));
}
