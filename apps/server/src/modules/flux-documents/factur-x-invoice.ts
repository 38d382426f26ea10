import { FacturXRefusal, buildCiiInvoice, hasFacturX, type InvoiceInput } from '@gdf/domain';
import { ciiXmlProblems } from './factur-x-check';

/**
 * The CII XML a facture or avoir is issued with, checked against the CII D16B schema; null
 * when the document is not an invoice (an avis de prélèvement) or the domain refuses one
 * (no seller SIREN, totals that are not the lines'): the PDF is then issued alone, as before.
 * A built XML the schema rejects is our defect: issuance stops rather than send it.
 */
export async function facturXml(input: InvoiceInput): Promise<string | null> {
  if (!hasFacturX(input)) return null;
  let xml: string;
  try {
    xml = buildCiiInvoice(input);
  } catch (error) {
    if (error instanceof FacturXRefusal) return null;
    throw error;
  }
  const problems = await ciiXmlProblems(xml);
  if (problems.length > 0) throw new Error(`Factur-X du flux ${input.flux.id} : ${problems.join(' ; ')}`);
  return xml;
}

/** 'facture-….pdf' -> 'facture-….xml'. */
export const xmlFileName = (pdfFileName: string) => pdfFileName.replace(/\.pdf$/i, '') + '.xml';
