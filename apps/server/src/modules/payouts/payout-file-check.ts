import type { Pain001Version } from '@gdf/domain';
import { sepaXmlProblems } from '../../lib/sepa-xml-check';

/**
 * The last gate before a payout file is stored (R-PAY-05, R-SEPA-03): the pain.001 file as
 * written against its official XSD, then its addresses (structured or hybrid), its amounts
 * (SEPA amounts in euros) and its NbOfTxs and CtrlSum recounted, as for the direct debits
 * (lib/sepa-xml-check.ts). Problems in French; empty when the file can be stored.
 */
export function pain001XmlProblems(xml: string, version: Pain001Version): Promise<string[]> {
  return sepaXmlProblems(xml, version);
}
