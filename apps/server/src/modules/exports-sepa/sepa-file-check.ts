import type { Pain008Version } from '@gdf/domain';
import { sepaXmlProblems } from '../../lib/sepa-xml-check';

/**
 * The last gate before a direct-debit file is stored (R-SEPA-05, R-SEPA-03): its XSD, its
 * addresses, its amounts and its control totals (lib/sepa-xml-check.ts, shared with the
 * payout files). Problems in French; empty when the file can be stored.
 */
export function pain008XmlProblems(xml: string, version: Pain008Version): Promise<string[]> {
  return sepaXmlProblems(xml, version);
}
