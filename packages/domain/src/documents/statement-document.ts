import type { StatementInput } from './document-input';
import { formatDocumentAmount, formatParisDate } from './document-format';
import { STATEMENT_TITLE, fluxDocumentFileName } from './document-rules';
import { addressLines } from './party-lines';

/** Everything the operation statement PDF draws, worded and formatted. */
export interface StatementDocument {
  title: string;
  fileName: string;
  structure: { name: string; lines: string[] };
  /** Label / value rows: flux number, date, label, direction, amount. */
  rows: Array<[string, string]>;
}

/** DESIGN.md section 6: title, structure, flux number, date, label, debit or credit, amount (2 decimals). */
export function buildStatementDocument(input: StatementInput): StatementDocument {
  const { flux, structure } = input;
  return {
    title: STATEMENT_TITLE,
    fileName: fluxDocumentFileName('releve', flux.id, flux.createdAt),
    structure: {
      name: structure.name,
      lines: [
        structure.federalCode ? `Code fédéral : ${structure.federalCode}` : '',
        ...addressLines(structure.address),
      ].filter((line) => line !== ''),
    },
    rows: [
      ['N° de flux', String(flux.id)],
      ['Date', formatParisDate(flux.createdAt)],
      ['Libellé', flux.name],
      ['Sens', flux.isDebit ? 'Débit' : 'Crédit'],
      ['Montant', formatDocumentAmount(flux.amountTTC)],
    ],
  };
}
