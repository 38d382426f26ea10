import {
  nextReminderLevel,
  overdueOf,
  parisToday,
  type IssuedReminder,
  type ReminderIssueRequest,
  type ReminderLevel,
} from '@gdf/domain';
import type { Queryable } from '../../db/queryable';
import { badRequest } from '../../lib/http-errors';
import type { RequestScope } from '../scope/scope';
import { requireReminderWrite, recipientsInScope } from './impayes-access';
import { findStructures, lastReminders, rankTaken } from './impayes.repository';
import { IMPAYES_MESSAGES } from './messages';
import type { ReminderContext } from './reminder-issue';
import { auditIssued, drawLetter, overdueWithSeasons, party, seenRanks, storeLetter } from './reminder-letters';

/** A structure of a batch left without a letter, and why (in French). */
interface SkippedLetter {
  structure: { id: number; name: string };
  skipped: string;
}

/** A structure's letter drawn and rendered, stored by `store` in the job step's transaction. */
interface PreparedLetter {
  structure: { id: number; name: string };
  pdf: Buffer;
  fileName: string;
  store: (tx: Queryable) => Promise<IssuedReminder | null>;
}

/**
 * A batch of letters as a job (R-JOB-09), checked as `issue` checks a selection (the grant,
 * not the caller's own structure, every structure in scope and owing something overdue),
 * nothing drawn yet: the day and the rank each structure's letter will take, fixed for the
 * job (the rank after the last letter the list showed, as R-DUE-05 says).
 */
export async function checkReminderBatch(
  context: ReminderContext,
  scope: RequestScope,
  request: ReminderIssueRequest,
): Promise<{ asOf: string; ranks: Record<string, number>; names: Map<number, string> }> {
  const { database, receivables } = context;
  requireReminderWrite(scope);
  const asOf = parisToday(context.clock());
  const structures = await recipientsInScope(database, scope, request.structureIds);
  const groups = await receivables.openFluxByStructure(scope, asOf, { structureIds: request.structureIds });
  const empty = request.structureIds
    .filter((id) => overdueOf(groups.get(id) ?? [], asOf).length === 0)
    .map((id) => structures.get(id)!.name);
  if (empty.length > 0) throw badRequest(IMPAYES_MESSAGES.nothingOverdue(empty.join(', ')));
  const reminders = await lastReminders(database, request.structureIds);
  const seen = await seenRanks(database, request);
  const ranks = Object.fromEntries(
    request.structureIds.map((id) => [String(id), seen.get(id) ?? (reminders.get(id)?.rank ?? 0) + 1]),
  );
  return { asOf, ranks, names: new Map([...structures].map(([id, structure]) => [id, structure.name])) };
}

/**
 * One structure's letter of a batch (R-JOB-09): drawn and rendered as `issue` draws it, as
 * of the batch's day, outside any transaction; `store` then writes it in the job step's
 * transaction at its rank (null, writing nothing, when a letter took that rank since). A
 * structure no longer in scope, already reminded at that rank, or owing nothing overdue any
 * more gets no letter: the reason, in French.
 */
export async function prepareBatchLetter(
  context: ReminderContext,
  scope: RequestScope,
  letterOf: { structureId: number; rank: number; level: ReminderLevel | undefined; asOf: string; now: Date },
): Promise<SkippedLetter | PreparedLetter> {
  const { database, receivables, renderer } = context;
  const { structureId, rank, level, asOf, now } = letterOf;
  requireReminderWrite(scope);
  const structure = (await findStructures(database, scope, [structureId])).get(structureId);
  if (!structure)
    return {
      structure: { id: structureId, name: String(structureId) },
      skipped: IMPAYES_MESSAGES.structureNotFound,
    };
  const last = (await lastReminders(database, [structureId])).get(structureId) ?? null;
  if ((last?.rank ?? 0) >= rank) return { structure, skipped: IMPAYES_MESSAGES.alreadyReminded(structure.name) };
  const flux =
    (await receivables.openFluxByStructure(scope, asOf, { structureIds: [structureId], withLabels: true })).get(
      structureId,
    ) ?? [];
  const overdue = overdueWithSeasons(flux, asOf);
  if (overdue.length === 0) return { structure, skipped: IMPAYES_MESSAGES.nothingOverdue(structure.name) };
  const sender = await party(database, scope, scope.currentStructureId);
  const overdueIds = overdue.map((item) => item.fluxId);
  const chosen = level ?? nextReminderLevel(last, overdueIds);
  const { id, letter, pdf } = await drawLetter(database, renderer, scope, {
    structureId,
    level: chosen,
    issuedOn: asOf,
    sender,
    flux: overdue,
    last,
    issuedAt: now,
  });
  return {
    structure,
    pdf,
    fileName: letter.fileName,
    async store(tx) {
      if (await rankTaken(tx, structureId, rank)) return null;
      const content = await storeLetter(tx, scope, {
        id,
        structureId,
        level: chosen,
        rank,
        date: asOf,
        letter,
        pdf,
        overdue,
      });
      const issued: IssuedReminder = {
        id,
        structureId,
        structureName: structure.name,
        level: chosen,
        date: asOf,
        total: letter.total,
        fileName: letter.fileName,
        sha256: content.sha256,
      };
      await auditIssued(tx, scope, [{ issued, fluxIds: overdueIds }]);
      return issued;
    },
  };
}
