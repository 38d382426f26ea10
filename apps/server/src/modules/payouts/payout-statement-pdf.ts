import {
  PAYOUT_STATEMENT_TEXT,
  PAYOUT_STATEMENT_TITLE,
  payoutStatementRows,
  payoutStatementSummary,
  payoutStatementTable,
  type PayoutStatement,
} from '@gdf/domain';
import { toXlsx } from '@gdf/file-formats';
import { createPdfDocument, pdfToBuffer } from '../../pdf/pdf-document';
import { drawDocumentHead, drawNote, drawTable, fitRightAlignedColumns, tableColumns } from '../../pdf/pdf-layout';
import type { StatementStructure } from '../account-statement/account-statement.service';

const text = PAYOUT_STATEMENT_TEXT;
/** The reference column gives up the width the amounts need. */
const REFERENCE_COLUMN = 1;

/**
 * R-PAY-09: the relevé de reversements in the documents' style (title, structure block, accent
 * table, footer), PDF/A-3b like the relevé de compte (ADR 0031): it is kept as issued.
 */
function renderPayoutStatementPdf(
  statement: PayoutStatement,
  structure: StatementStructure,
  issued: { number: string; day: string; at: Date },
): Promise<Buffer> {
  const doc = createPdfDocument({
    title: `${PAYOUT_STATEMENT_TITLE} — ${structure.name}`,
    subject: text.period(statement.period.from, statement.period.to),
    author: structure.name,
    createdAt: issued.at,
    archival: true,
    footer: `${PAYOUT_STATEMENT_TITLE} ${issued.number} — ${structure.name}`,
  });
  const subtitles = [
    text.period(statement.period.from, statement.period.to),
    text.issued(issued.number, issued.day),
    text.level(statement.level),
  ];
  let y = drawDocumentHead(doc, PAYOUT_STATEMENT_TITLE, subtitles, {
    heading: 'Structure',
    name: structure.name,
    lines: structure.lines,
  });
  const c = text.columns;
  const rows = payoutStatementRows(statement);
  const table = fitRightAlignedColumns(
    doc,
    tableColumns(
      [c.date, 62],
      [c.reference, 110],
      [c.club, 95],
      [c.category, 55],
      [c.earned, -56],
      [c.received, -56],
      [c.balance],
    ),
    rows,
    REFERENCE_COLUMN,
  );
  y = drawTable(doc, table, rows, y + 18);
  y = drawNote(doc, text.balanceNote, y + 6);
  for (const line of payoutStatementSummary(statement)) y = drawNote(doc, line, y + 4);
  return pdfToBuffer(doc);
}

/** The statement's two files, rendered together so both say the same thing. */
export async function renderPayoutStatementFiles(
  statement: PayoutStatement,
  structure: StatementStructure,
  issued: { number: string; day: string; at: Date },
): Promise<{ pdf: Buffer; xlsx: Buffer }> {
  const pdf = await renderPayoutStatementPdf(statement, structure, issued);
  const { table, header, footer, amountColumns, dayColumns } = payoutStatementTable(statement, structure.name, issued);
  const xlsx = Buffer.concat(
    await toXlsx(table, { header, footer, amountColumns, dayColumns, worksheet: PAYOUT_STATEMENT_TITLE }),
  );
  return { pdf, xlsx };
}
