import type { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { libxml2, type Libxml2 } from './libxml2';

/** libxml2's messages name elements as {namespace}Name: keep the name, one line each. */
const shortMessage = (message: string) => message.replace(/\{[^}]*\}/g, '').trim();

/**
 * Parses XML the server wrote itself (no DTD, no entity to expand) and runs `check` on it;
 * problems come back in French, a malformed file's included.
 */
export async function checkOwnXml(xml: string, check: (doc: XmlDocument, lib: Libxml2) => string[]): Promise<string[]> {
  const lib = await libxml2();
  let doc: XmlDocument;
  try {
    doc = lib.XmlDocument.fromString(xml);
  } catch (error) {
    return [`XML mal formé : ${error instanceof Error ? shortMessage(error.message) : String(error)}`];
  }
  try {
    return check(doc, lib);
  } finally {
    doc.dispose();
  }
}

/** What the schema finds wrong with the document, at most three messages; empty when valid. */
export function schemaProblems(lib: Libxml2, validator: XsdValidator, doc: XmlDocument, schemaName: string): string[] {
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    if (!(error instanceof lib.XmlLibError)) throw error;
    const details = error.details.map((detail) => shortMessage(detail.message));
    return [`Non conforme au schéma ${schemaName} : ${details.slice(0, 3).join(' ; ') || shortMessage(error.message)}`];
  }
}
