import {
  BANK_IMPORT_BACKGROUND_BYTES,
  BANK_IMPORT_BACKGROUND_ENTRIES,
  JOB_KIND,
  JOB_LABELS,
  bankImportRunsInBackground,
  type BankStatementImportResult,
  type ImportedStatement,
} from '@gdf/domain';
import { writeAuditRows } from '../../db/audit-log';
import { CONTENT_NATURE, insertContent, sha256Hex } from '../../db/content-store';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { readWholeContent } from '../document-store/document-store.service';
import type { JobKind } from '../jobs/job-kind';
import type { JobRow, JobRuntime } from '../jobs/job-runtime';
import { jobScope } from '../jobs/job-scope';
import type { RequestScope } from '../scope/scope';
import {
  attachStatementContent,
  insertEntries,
  lockStatementImports,
  saveImportedStatement,
  statementImportAudit,
  deleteStoredFile,
  discardStatementFile,
} from './statement-import.repository';
import {
  checkedStatements,
  importCheckedStatements,
  requireHeadOfficeWrite,
  sureProposals,
  type BankAccountsSettings,
  type StatementFile,
} from './bank-statements.service';
import { readBankStatementFile } from './read-bank-statement';
import { bankImportJobMessages as m } from './messages';

export interface BankImportJobInput {
  /** The file, stored when it was accepted (DOC_Contenu): the job reads it again from there. */
  contentId: number;
  fileName: string;
  sha256: string;
}

export interface BankImportCheckpoint {
  /** The statement of the file being written, and its entries written so far. */
  statement: number;
  entry: number;
  /** Its BQE_ReleveBancaire row once its first step wrote it. */
  statementId: number | null;
  releves: ImportedStatement[];
  /** New entries' ids as [first, last] ranges (their credits get proposals at the end). */
  newEntries: Array<[number, number]>;
  done: number;
  /** Set by the last step: the statements and the audit row are written. */
  finished: boolean;
  format: BankStatementImportResult['format'] | null;
}

export interface BankImportJobSettings {
  /** Entries a step writes (one bounded transaction each). */
  stepEntries: number;
}

/** The thresholds above which a file is imported as a job (tests lower them). */
export interface BankImportBackground {
  entries: number;
  bytes: number;
}

const addRanges = (ranges: Array<[number, number]>, ids: readonly number[]) => {
  const next = ranges.map((range) => [...range] as [number, number]);
  for (const id of [...ids].sort((a, b) => a - b)) {
    const last = next.at(-1);
    if (last && id === last[1] + 1) last[1] = id;
    else next.push([id, id]);
  }
  return next;
};
const idsOf = (ranges: ReadonlyArray<[number, number]>) =>
  ranges.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => first + i));

/**
 * A large bank statement file imported as a job (R-JOB-07, R-BANK-01): refused as a whole at
 * the request as before; then the file, stored at once, is read again by the job and its
 * entries written a slice per step, each step under the imports' lock with its checkpoint.
 * Statements are known by account and id, entries by statement and reference, so nothing is
 * written twice however the job is cut and resumed. The last step keeps the file with the
 * statements it created (or drops it when nothing was new) and writes the import's audit row;
 * the credits then get their proposals, as an import in one request.
 */
export function bankImportJob(settings: BankImportJobSettings): JobKind<BankImportJobInput, BankImportCheckpoint> {
  return {
    type: JOB_KIND.bankImport,
    retryLimit: 5,
    async run(context) {
      const { input, database } = context;
      const scope = await jobScope(database, context.owner);
      requireHeadOfficeWrite(scope);
      let checkpoint: BankImportCheckpoint = context.checkpoint ?? {
        statement: 0,
        entry: 0,
        statementId: null,
        releves: [],
        newEntries: [],
        done: 0,
        finished: false,
        format: null,
      };
      const result = async () => ({
        summary: {
          format: checkpoint.format!,
          nomFichier: input.fileName,
          releves: checkpoint.releves,
          nbPropositionsSures: await sureProposals(database, scope, idsOf(checkpoint.newEntries)),
        } satisfies BankStatementImportResult as unknown as Record<string, unknown>,
      });
      if (checkpoint.finished) return result();

      await context.report({ done: checkpoint.done, total: null, step: m.reading });
      const statements = readBankStatementFile(await fileBytes(database, input));
      const total = statements.reduce((sum, statement) => sum + statement.entries.length, 0);
      while (checkpoint.statement < statements.length) {
        context.throwIfStopped();
        const statement = statements[checkpoint.statement]!;
        const slice = statement.entries.slice(checkpoint.entry, checkpoint.entry + settings.stepEntries);
        const before = checkpoint;
        checkpoint = await context.step(database, async (tx) => {
          await lockStatementImports(tx);
          const releves = [...before.releves];
          let statementId = before.statementId;
          if (statementId === null) {
            const saved = await saveImportedStatement(tx, statement, input.fileName, scope.actor.userId);
            statementId = saved.id;
            releves.push(saved);
          }
          const added = await insertEntries(tx, statementId, slice, before.entry + 1);
          const current = releves.at(-1)!;
          releves[releves.length - 1] = { ...current, nbEcrituresAjoutees: current.nbEcrituresAjoutees + added.length };
          const entry = before.entry + slice.length;
          const statementDone = entry >= statement.entries.length;
          const next: BankImportCheckpoint = {
            statement: statementDone ? before.statement + 1 : before.statement,
            entry: statementDone ? 0 : entry,
            statementId: statementDone ? null : statementId,
            releves,
            newEntries: addRanges(before.newEntries, added),
            done: before.done + slice.length,
            finished: false,
            format: statement.format,
          };
          return {
            checkpoint: next,
            progress: { done: next.done, total, step: m.written(statement.statementId) },
            value: next,
          };
        });
      }

      const before = checkpoint;
      checkpoint = await context.step(database, async (tx) => {
        await keepFileWithCreated(tx, input, before.releves);
        await writeAuditRows(tx, [
          statementImportAudit(
            { userId: scope.actor.userId, structureId: scope.currentStructureId },
            { fileName: input.fileName, sha256: input.sha256, format: statements[0]!.format },
            before.releves,
            { traitement: context.id },
          ),
        ]);
        const next: BankImportCheckpoint = { ...before, finished: true, format: statements[0]!.format };
        return { checkpoint: next, progress: { done: total, total, step: m.proposals }, value: next };
      });
      return result();
    },
    async onStop(tx, { input, checkpoint }) {
      // Statements and entries written stay (each is known once: importing the file again
      // completes them); the stored file is kept with what was created, else dropped.
      await keepFileWithCreated(tx, input, checkpoint?.releves ?? []);
    },
  };
}

/**
 * The file is kept once something of it is new (with the statements it created), as an import
 * in one request keeps it; otherwise it goes.
 */
async function keepFileWithCreated(
  tx: Queryable,
  input: BankImportJobInput,
  releves: readonly ImportedStatement[],
): Promise<void> {
  const createdIds = releves.filter((releve) => releve.nouveau).map((releve) => releve.id);
  if (createdIds.length > 0) await attachStatementContent(tx, createdIds, input.contentId);
  else await discardStatementFile(tx, input.contentId);
}

async function fileBytes(database: Database, input: BankImportJobInput): Promise<Buffer> {
  const bytes = await readWholeContent(database, input.contentId);
  if (!bytes) throw new Error(`DOC_Contenu ${input.contentId} introuvable pour l’import ${input.fileName}`);
  return bytes;
}

export type BankImportAnswer = { done: BankStatementImportResult } | { job: JobRow };

/**
 * POST /api/releves-bancaires (R-BANK-01, R-JOB-07): the file checked and refused as a whole
 * as before; a small one imported in the request, a large one (more than `background`
 * entries or bytes) stored and imported by a job, one at a time.
 */
export async function importOrQueue(
  database: Database,
  jobs: JobRuntime | undefined,
  scope: RequestScope,
  settings: BankAccountsSettings,
  file: StatementFile,
  background: BankImportBackground = { entries: BANK_IMPORT_BACKGROUND_ENTRIES, bytes: BANK_IMPORT_BACKGROUND_BYTES },
): Promise<BankImportAnswer> {
  const statements = await checkedStatements(database, scope, settings, file, new Date());
  const entries = statements.reduce((sum, statement) => sum + statement.entries.length, 0);
  if (!jobs || !bankImportRunsInBackground({ entries, bytes: file.bytes.length }, background)) {
    return { done: await importCheckedStatements(database, scope, file, statements) };
  }
  const content = await database.transaction((tx) =>
    insertContent(tx, {
      nature: CONTENT_NATURE.bankStatement,
      bytes: file.bytes,
      mimeType: file.bytes[0] === 0x3c ? 'application/xml' : 'text/plain',
    }),
  );
  const input: BankImportJobInput = { contentId: content.id, fileName: file.fileName, sha256: sha256Hex(file.bytes) };
  try {
    const job = await jobs.enqueue(
      JOB_KIND.bankImport,
      { userId: scope.actor.userId, structureId: scope.currentStructureId },
      input,
      { label: JOB_LABELS.bankImport(file.fileName, entries), key: 'import-releve-bancaire' },
    );
    return { job };
  } catch (error) {
    // Not queued (another large import runs): the stored file goes.
    await deleteStoredFile(database, content.id);
    throw error;
  }
}
