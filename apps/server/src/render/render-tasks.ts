import {
  accountStatementTable,
  buildInvoiceDocument,
  buildStatementDocument,
  type AccountStatement,
  type InvoiceInput,
  type ReminderLetter,
  type StatementInput,
} from '@gdf/domain';
import { toXlsx } from '@gdf/file-formats';
import { renderAccountStatementPdf } from '../modules/account-statement/account-statement-pdf';
import type { StatementStructure } from '../modules/account-statement/account-statement.repository';
import { facturXml, xmlFileName } from '../modules/flux-documents/factur-x-invoice';
import { renderInvoicePdf } from '../modules/flux-documents/invoice-pdf';
import { renderStatementPdf } from '../modules/flux-documents/statement-pdf';
import { renderReminderLetterPdf } from '../modules/impayes/reminder-letter-pdf';
import { pdfFonts } from '../pdf/fonts';

/**
 * The CPU-heavy rendering of documents, as tasks a worker thread can run (R-OPS-08, ADR 0053):
 * the request reads its data, a task turns it into bytes. Everything in a task is plain data
 * (structured clone: dates stay dates), and a task renders the very bytes it would in the
 * request's thread.
 */
export type RenderTask =
  | {
      kind: 'releve-compte';
      statement: AccountStatement;
      structure: StatementStructure;
      issuedAt: Date;
      number: string;
    }
  | { kind: 'facture'; invoice: InvoiceInput; issuedAt: Date }
  | { kind: 'releve-operation'; statement: StatementInput; issuedAt: Date }
  | {
      kind: 'lettre-relance';
      letter: ReminderLetter;
      parties: Parameters<typeof renderReminderLetterPdf>[1];
      issuedAt: Date;
    }
  /** Loads the fonts (parsed once per thread): a worker started ahead of its first document. */
  | { kind: 'prechauffage' };

export interface RenderResults {
  'releve-compte': { pdf: Uint8Array; xlsx: Uint8Array };
  /** A facture, avoir or avis; `xml` is the Factur-X XML inside it, when it is one. */
  facture: { fileName: string; pdf: Uint8Array; xml: { fileName: string; bytes: Uint8Array } | null };
  'releve-operation': { fileName: string; pdf: Uint8Array };
  'lettre-relance': { pdf: Uint8Array };
  prechauffage: null;
}

export type RenderResult<T extends RenderTask> = RenderResults[T['kind']];

/** Runs one task here, in this thread: the worker's body, and the in-thread renderer's. */
export async function runRenderTask(task: RenderTask): Promise<RenderResults[RenderTask['kind']]> {
  switch (task.kind) {
    case 'releve-compte': {
      const pdf = await renderAccountStatementPdf(task.statement, task.structure, task.issuedAt, task.number);
      const { table, header, footer, amountColumns } = accountStatementTable(task.statement, task.structure.name, {
        number: task.number,
        day: task.statement.asOf,
      });
      const xlsx = Buffer.concat(await toXlsx(table, { header, footer, amountColumns, worksheet: 'Relevé de compte' }));
      return { pdf, xlsx };
    }
    case 'facture': {
      const invoice = buildInvoiceDocument(task.invoice);
      const xml = await facturXml(task.invoice);
      return {
        fileName: invoice.fileName,
        pdf: await renderInvoicePdf(invoice, task.issuedAt, xml ?? undefined),
        xml: xml === null ? null : { fileName: xmlFileName(invoice.fileName), bytes: Buffer.from(xml, 'utf8') },
      };
    }
    case 'releve-operation': {
      const statement = buildStatementDocument(task.statement);
      return { fileName: statement.fileName, pdf: await renderStatementPdf(statement, task.issuedAt) };
    }
    case 'lettre-relance':
      return { pdf: await renderReminderLetterPdf(task.letter, task.parties, task.issuedAt) };
    case 'prechauffage':
      pdfFonts();
      return null;
  }
}
