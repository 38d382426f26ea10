import type { StatementInput } from './document-input';
import { formatDocumentAmount, formatParisDate } from './document-format';
import { fluxDocumentFileName } from './document-rules';
import { DOCUMENT_TEXT, STATEMENT_TITLE } from './document-messages';
import { addressLines, federalCodeLines } from './party-lines';

/** Everything the operation statement PDF draws, worded and formatted. */
export interface StatementDocument {
  title: string;
  fileName: string;
  structure: { name: string; lines: string[] };
  /** Label / value rows: flux number, date, label, direction, amount. */
  rows: Array<[string, string]>;
}

/** R-DOC-04: title, structure, flux number, date, label, debit or credit, amount (2 decimals). */
export function buildStatementDocument(input: StatementInput): StatementDocument {
  const { flux, structure } = input;
  const text = DOCUMENT_TEXT.statement;
  return {
    title: STATEMENT_TITLE,
    fileName: fluxDocumentFileName('releve', flux.id, flux.createdAt),
    structure: {
      name: structure.name,
      lines: [...federalCodeLines(structure.federalCode), ...addressLines(structure.address)],
    },
    rows: [
      [text.fluxNumber, String(flux.id)],
      [text.date, formatParisDate(flux.createdAt)],
      [text.label, flux.name],
      [text.direction, flux.isDebit ? text.debit : text.credit],
      [text.amount, formatDocumentAmount(flux.amountTTC)],
    ],
  };
}
