import {
  ACCOUNT_STATEMENT_TEXT,
  ACCOUNT_STATEMENT_TITLE,
  accountStatementRows,
  ageingRows,
  formatDocumentAmount,
  overdueRows,
  rejectedRows,
  type AccountStatement,
} from '@gdf/domain';
import { createPdfDocument, pdfToBuffer } from '../../pdf/pdf-document';
import { A4, COLOR, CONTENT_WIDTH, FONT } from '../../pdf/page-format';
import {
  drawDocumentHead,
  drawNote,
  drawTable,
  ensureSpace,
  fitRightAlignedColumns,
  tableColumns,
} from '../../pdf/pdf-layout';
import type { StatementStructure } from './account-statement.repository';

const text = ACCOUNT_STATEMENT_TEXT;
/** The label column of each table: it gives up the width the amounts need. */
const LABEL_COLUMN = { movements: 2, others: 1 } as const;

/**
 * The relevé de compte in the documents' style (title, structure block, accent tables, footer),
 * PDF/A-3b like the Factur-X factures: it is kept as issued. `number` is its issue number.
 */
export function renderAccountStatementPdf(
  statement: AccountStatement,
  structure: StatementStructure,
  issuedAt = new Date(),
  number?: string,
): Promise<Buffer> {
  const doc = createPdfDocument({
    title: `${ACCOUNT_STATEMENT_TITLE} — ${structure.name}`,
    subject: text.period(statement.period.from, statement.period.to),
    author: structure.name,
    createdAt: issuedAt,
    archival: true,
    footer: `${ACCOUNT_STATEMENT_TITLE}${number ? ` ${number}` : ''} — ${structure.name}`,
  });
  const period = text.period(statement.period.from, statement.period.to);
  const subtitles = number ? [period, text.issued(number, statement.asOf)] : [period];
  let y = drawDocumentHead(doc, ACCOUNT_STATEMENT_TITLE, subtitles, {
    heading: 'Structure',
    name: structure.name,
    lines: structure.lines,
  });

  const c = text.columns;
  const o = text.overdueColumns;
  const movementRows = accountStatementRows(statement);
  const movements = fitRightAlignedColumns(
    doc,
    tableColumns([c.date, 62], [c.number, 58], [c.label, 155], [c.debit, -78], [c.credit, -78], [c.balance]),
    movementRows,
    LABEL_COLUMN.movements,
  );
  y = drawTable(doc, movements, movementRows, y + 18);
  y = drawNote(doc, text.balanceNote, y + 6);

  y = heading(doc, `${text.overdue} — ${text.asOf(statement.asOf)}`, y + 16);
  const ageing = [
    ...ageingRows(statement),
    [text.overdueTotal, String(statement.overdue.flux.length), formatDocumentAmount(statement.overdue.total)],
  ];
  y = drawTable(doc, tableColumns(['Ancienneté', 200], ['Nombre', -100], [o.amount]), ageing, y);
  if (statement.overdue.flux.length > 0) {
    const overdue = tableColumns(
      [c.number, 58],
      [c.label, 165],
      [o.dueDate, 65],
      [o.daysLate, -60],
      [o.status, 60],
      [o.amount],
    );
    const rows = overdueRows(statement);
    y = drawTable(doc, fitRightAlignedColumns(doc, overdue, rows, LABEL_COLUMN.others), rows, y + 10);
  }

  y = heading(doc, text.rejected, y + 16);
  if (statement.rejected.length === 0) drawNote(doc, text.noRejected, y);
  else {
    const rejected = tableColumns(
      [c.number, 58],
      [c.label, 130],
      [text.rejectedColumns.returnDate, 65],
      [text.rejectedColumns.reason, 170],
      [o.amount],
    );
    const rows = rejectedRows(statement);
    drawTable(doc, fitRightAlignedColumns(doc, rejected, rows, LABEL_COLUMN.others), rows, y);
  }
  return pdfToBuffer(doc);
}

function heading(doc: PDFKit.PDFDocument, title: string, y: number): number {
  const top = ensureSpace(doc, y, 60);
  doc.font(FONT.bold).fontSize(12).fillColor(COLOR.accent).text(title, A4.margin, top, { width: CONTENT_WIDTH });
  return doc.y + 6;
}
