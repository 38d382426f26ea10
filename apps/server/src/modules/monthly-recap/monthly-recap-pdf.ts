import {
  RECAP_TEXT,
  RECAP_TITLE,
  frenchMonth,
  recapRowsText,
  recapSubtitles,
  recapSummaryLines,
  recapTable,
  type MonthlyRecap,
} from '@gdf/domain';
import { toXlsx } from '@gdf/file-formats';
import { createPdfDocument, pdfToBuffer } from '../../pdf/pdf-document';
import { drawDocumentHead, drawNote, drawTable, fitRightAlignedColumns, tableColumns } from '../../pdf/pdf-layout';
import type { StatementStructure } from '../account-statement/account-statement.service';

/** The category column gives up the width the amounts need. */
const CATEGORY_COLUMN = 0;

export interface RecapIssue {
  number: string;
  day: string;
  at: Date;
  /** The head office's recap covers its member structures (R-RECAP-01). */
  federation: boolean;
}

/**
 * R-RECAP-04: the recap in the documents' style (title, structure block, accent table, footer),
 * PDF/A-3b like the other statements (ADR 0031): it is kept as issued.
 */
function renderRecapPdf(recap: MonthlyRecap, structure: StatementStructure, issued: RecapIssue): Promise<Buffer> {
  const doc = createPdfDocument({
    title: `${RECAP_TITLE} — ${structure.name}`,
    subject: frenchMonth(recap.month),
    author: structure.name,
    createdAt: issued.at,
    archival: true,
    footer: `${RECAP_TITLE} ${issued.number} — ${structure.name}`,
  });
  let y = drawDocumentHead(doc, RECAP_TITLE, recapSubtitles(recap, issued, issued.federation), {
    heading: 'Structure',
    name: structure.name,
    lines: structure.lines,
  });
  const c = RECAP_TEXT.columns;
  const rows = recapRowsText(recap);
  const table = fitRightAlignedColumns(
    doc,
    tableColumns(
      [c.category, 90],
      [c.billed, -62],
      [c.settled, -62],
      [c.rejected, -70],
      [c.relaunched, -70],
      [c.avoirs, -55],
      [c.resteDu],
    ),
    rows,
    CATEGORY_COLUMN,
  );
  y = drawTable(doc, table, rows, y + 18);
  y = drawNote(doc, RECAP_TEXT.note, y + 6);
  for (const line of recapSummaryLines(recap)) y = drawNote(doc, line, y + 4);
  return pdfToBuffer(doc);
}

/** The recap's two files, rendered together so both say the same thing. */
export async function renderRecapFiles(
  recap: MonthlyRecap,
  structure: StatementStructure,
  issued: RecapIssue,
): Promise<{ pdf: Buffer; xlsx: Buffer }> {
  const pdf = await renderRecapPdf(recap, structure, issued);
  const subtitles = recapSubtitles(recap, issued, issued.federation);
  const { table, header, footer, amountColumns, dayColumns } = recapTable(recap, structure.name, subtitles);
  const xlsx = Buffer.concat(
    await toXlsx(table, { header, footer, amountColumns, dayColumns, worksheet: RECAP_TITLE }),
  );
  return { pdf, xlsx };
}
