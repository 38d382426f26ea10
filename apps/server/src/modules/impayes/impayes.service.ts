import {
  hasStructureFilter,
  overdueRow,
  parisToday,
  selectOverdueRows,
  type OverdueListQuery,
  type OverdueRow,
  type ReminderIssueRequest,
  type ReminderLevel,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { replicaReads } from '../../db/read-routing';
import { writeAuditRows } from '../../db/audit-log';
import { notFound } from '../../lib/http-errors';
import { sha256Hex } from '../../db/content-store';
import type { RequestScope } from '../scope/scope';
import { createReceivablesService } from '../receivables/receivables.service';
import { requireImpayesAccess } from './impayes-access';
import {
  findReminders,
  findStructures,
  lastReminders,
  readReminderBytes,
  structuresMatching,
  type StoredReminder,
} from './impayes.repository';
import { IMPAYES_MESSAGES } from './messages';
import { checkReminderBatch, prepareBatchLetter } from './reminder-batch-letters';
import { issueReminders, type ReminderContext } from './reminder-issue';
import { REMINDER_AUDIT } from './reminder-letters';
import { inThreadRenderer, type DocumentRenderer } from '../../render/render-pool';

export { IMPAYES_MESSAGES } from './messages';

/**
 * `renderer`: where the letters' PDFs render (R-OPS-08): the server's worker threads; by
 * default the caller's thread (the demo data, tests).
 */
export function createImpayesService(
  database: Database,
  clock: () => Date = () => new Date(),
  renderer: DocumentRenderer = inThreadRenderer,
) {
  const context: ReminderContext = { database, receivables: createReceivablesService(database), renderer, clock };
  // The list is a pure read: a read replica may answer it (R-OPS-05); issuing reads the primary.
  const listReader = replicaReads(database);
  const listedReceivables = createReceivablesService(listReader);

  return {
    /**
     * Structures of the scope with flux overdue today (Paris), aged, with their last letter;
     * with a query, those its filters keep, sorted as it asks (R-UI-20). The structure
     * filters are SQL (only those structures' flux are read); the amount filters and the sort
     * read the rows the balance rule (R-BAL-01) gives, never a second rule.
     */
    async list(scope: RequestScope, query?: OverdueListQuery): Promise<{ asOf: string; rows: OverdueRow[] }> {
      requireImpayesAccess(scope);
      const asOf = parisToday(clock());
      const only = query && hasStructureFilter(query) ? await structuresMatching(listReader, scope, query) : undefined;
      if (only?.length === 0) return { asOf, rows: [] };
      const groups = await listedReceivables.openFluxByStructure(scope, asOf, only ? { structureIds: only } : {});
      const ids = [...groups.keys()];
      const [structures, reminders] = await Promise.all([
        findStructures(listReader, scope, ids),
        lastReminders(listReader, ids),
      ]);
      const rows: OverdueRow[] = [];
      for (const [id, flux] of groups) {
        const structure = structures.get(id);
        if (!structure) continue;
        const row = overdueRow(structure, flux, asOf, reminders.get(id) ?? null);
        if (row) rows.push(row);
      }
      return { asOf, rows: query ? selectOverdueRows(rows, query) : rows };
    },

    /** R-DUE-03, R-DUE-05: one letter per structure, all or none (reminder-issue.ts). */
    issue: (scope: RequestScope, request: ReminderIssueRequest) => issueReminders(context, scope, request),

    /** R-JOB-09: a batch checked whole before its job is queued (reminder-batch-letters.ts). */
    checkBatch: (scope: RequestScope, request: ReminderIssueRequest) => checkReminderBatch(context, scope, request),

    /** R-JOB-09: one structure's letter of a batch, stored by the job's step (reminder-batch-letters.ts). */
    prepareBatchLetter: (
      scope: RequestScope,
      structureId: number,
      rank: number,
      level: ReminderLevel | undefined,
      asOf: string,
      now: Date,
    ) => prepareBatchLetter(context, scope, { structureId, rank, level, asOf, now }),

    /** Stored letters the scope reaches, in id order; every id must be found. */
    async download(scope: RequestScope, ids: readonly number[]): Promise<Array<StoredReminder & { bytes: Buffer }>> {
      requireImpayesAccess(scope);
      const found = await findReminders(database, scope, ids);
      if (found.length !== ids.length) throw notFound(IMPAYES_MESSAGES.reminderNotFound);
      const letters = [];
      for (const reminder of found) {
        const bytes = await readReminderBytes(database, reminder);
        if (sha256Hex(bytes) !== reminder.sha256)
          throw new Error(`Relance ${reminder.id} : somme de contrôle incorrecte`);
        letters.push({ ...reminder, bytes });
      }
      await writeAuditRows(
        database,
        found.map((reminder) => ({
          userId: scope.actor.userId,
          structureId: scope.currentStructureId,
          action: REMINDER_AUDIT.downloaded,
          table: 'MKP_Relance',
          targetId: reminder.id,
          details: { structure: reminder.structureId, sha256: reminder.sha256 },
        })),
      );
      return letters;
    },
  };
}

export type ImpayesService = ReturnType<typeof createImpayesService>;
