import { createHash } from 'node:crypto';
import {
  accountStatementTable,
  buildAccountStatementFromParts,
  buildInvoiceDocument,
  buildStatementDocument,
  type AccountStatement,
  type AccountStatementParts,
  type StatementPeriod,
  type InvoiceInput,
  type ReminderLetter,
  type StatementInput,
} from '@gdf/domain';
import { toXlsx } from '@gdf/file-formats';
import { renderAccountStatementPdf } from '../modules/account-statement/account-statement-pdf';
import type { StatementStructure } from '../modules/account-statement/account-statement.repository';
import { facturXml, xmlFileName } from '../modules/flux-documents/factur-x-invoice';
import { DRAFT_WATERMARK, draftInvoiceDocument, renderInvoicePdf } from '../modules/flux-documents/invoice-pdf';
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
      /** The statement, or what it is built from (built here, as releve-compte-calcul builds it). */
      statement: AccountStatement | StatementDraft;
      structure: StatementStructure;
      issuedAt: Date;
      number: string;
    }
  /** A relevé built from its parts and its fingerprint (ADR 0031): what issuing it decides on, off the event loop. */
  | ({ kind: 'releve-compte-calcul' } & StatementDraft)
  | { kind: 'facture'; invoice: InvoiceInput; issuedAt: Date }
  /** A draft's preview (R-INV-05): the invoice it would issue, marked 'BROUILLON', no number, no Factur-X. */
  | { kind: 'facture-brouillon'; invoice: InvoiceInput; issuedAt: Date; fileName: string }
  | { kind: 'releve-operation'; statement: StatementInput; issuedAt: Date }
  | {
      kind: 'lettre-relance';
      letter: ReminderLetter;
      parties: Parameters<typeof renderReminderLetterPdf>[1];
      issuedAt: Date;
    }
  /** Loads the fonts (parsed once per thread): a worker started ahead of its first document. */
  | { kind: 'prechauffage' };

/** What a relevé is built from, read by the request: the statement itself is built in the task. */
export interface StatementDraft {
  parts: AccountStatementParts;
  period: StatementPeriod;
  asOf: string;
  structure: StatementStructure;
}

/** An issued relevé's key (same structure, period, day and content: the same relevé) and its totals. */
export interface StatementSummary {
  period: StatementPeriod;
  asOf: string;
  fingerprint: string;
  closingBalance: number;
  overdueTotal: number;
}

const isDraft = (statement: AccountStatement | StatementDraft): statement is StatementDraft => 'parts' in statement;
const buildDraft = (draft: StatementDraft) => buildAccountStatementFromParts(draft.parts, draft.period, draft.asOf);

/** The fingerprint of an issued relevé: the SHA-256 of its structure block and statement as JSON. */
function statementFingerprint(structure: StatementStructure, statement: AccountStatement): string {
  return createHash('sha256')
    .update(Buffer.from(JSON.stringify({ structure, statement }), 'utf8'))
    .digest('hex');
}

export interface RenderResults {
  'releve-compte': { pdf: Uint8Array; xlsx: Uint8Array };
  'releve-compte-calcul': StatementSummary;
  /** A facture, avoir or avis; `xml` is the Factur-X XML inside it, when it is one. */
  facture: { fileName: string; pdf: Uint8Array; xml: { fileName: string; bytes: Uint8Array } | null };
  'facture-brouillon': { fileName: string; pdf: Uint8Array };
  'releve-operation': { fileName: string; pdf: Uint8Array };
  'lettre-relance': { pdf: Uint8Array };
  prechauffage: null;
}

export type RenderResult<T extends RenderTask> = RenderResults[T['kind']];

/** Runs one task here, in this thread: the worker's body, and the in-thread renderer's. */
export async function runRenderTask(task: RenderTask): Promise<RenderResults[RenderTask['kind']]> {
  switch (task.kind) {
    case 'releve-compte': {
      const statement = isDraft(task.statement) ? buildDraft(task.statement) : task.statement;
      const pdf = await renderAccountStatementPdf(statement, task.structure, task.issuedAt, task.number);
      const { table, header, footer, amountColumns, dayColumns } = accountStatementTable(
        statement,
        task.structure.name,
        { number: task.number, day: statement.asOf },
      );
      const xlsx = Buffer.concat(
        await toXlsx(table, { header, footer, amountColumns, dayColumns, worksheet: 'Relevé de compte' }),
      );
      return { pdf, xlsx };
    }
    case 'releve-compte-calcul': {
      const statement = buildDraft(task);
      return {
        period: statement.period,
        asOf: statement.asOf,
        fingerprint: statementFingerprint(task.structure, statement),
        closingBalance: statement.closingBalance,
        overdueTotal: statement.overdue.total,
      };
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
    case 'facture-brouillon': {
      const draft = draftInvoiceDocument(buildInvoiceDocument(task.invoice), task.fileName);
      return {
        fileName: draft.fileName,
        pdf: await renderInvoicePdf(draft, task.issuedAt, undefined, DRAFT_WATERMARK),
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
