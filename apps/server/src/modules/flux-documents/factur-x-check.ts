import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { XsdValidator } from 'libxml2-wasm';
import { assetPath } from '../../lib/assets';
import { libxml2, libxml2NodeFiles, type Libxml2 } from '../../lib/libxml2';
import { checkOwnXml, schemaProblems } from '../../lib/xml-check';

/**
 * The gate before a Factur-X XML goes into an invoice (R-FACT-14): the XML as written is
 * validated in process against the official UN/CEFACT CII D16B schema (apps/server/assets/xsd/
 * cii-d16b, unchanged copies). The EN 16931 business rules need an XSLT 2.0 processor (Saxon,
 * Java): the test suite runs them on every kind of invoice the domain builds.
 */
const SCHEMA = assetPath('xsd', 'cii-d16b', 'CrossIndustryInvoice_100pD16B.xsd');
const SCHEMA_DIR = path.dirname(SCHEMA);

let validator: Promise<XsdValidator> | undefined;

/** Compiled once per process, with libxml2 loaded on the first invoice checked. */
function ciiValidator(lib: Libxml2): Promise<XsdValidator> {
  validator ??= libxml2NodeFiles().then(({ fsInputProviders }) => {
    // The main schema imports its three siblings: libxml2 may read those files, and nothing else.
    const schemaImportsOnly = (filename: string) => {
      const file = filename.startsWith('file:') ? new URL(filename).pathname : filename;
      return path.dirname(path.resolve(file)) === SCHEMA_DIR && fsInputProviders.match(file);
    };
    lib.xmlRegisterInputProvider({ ...fsInputProviders, match: schemaImportsOnly });
    const schema = lib.XmlDocument.fromBuffer(readFileSync(SCHEMA), { url: SCHEMA });
    try {
      return lib.XsdValidator.fromDoc(schema);
    } finally {
      schema.dispose();
    }
  });
  // A compilation that failed is tried again by the next invoice.
  validator.catch(() => (validator = undefined));
  return validator;
}

/** Problems of a CII XML in French, at most three; empty when it is valid against the schema. */
export async function ciiXmlProblems(xml: string): Promise<string[]> {
  const lib = await libxml2();
  const cii = await ciiValidator(lib);
  return checkOwnXml(xml, (doc) => schemaProblems(lib, cii, doc, 'CII D16B'));
}
