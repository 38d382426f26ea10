import {
  nextReminderLevel,
  parisToday,
  type IssuedReminder,
  type ReminderIssueRequest,
  type ReminderLetter,
  type ReminderLevel,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/http-errors';
import type { DocumentRenderer } from '../../render/render-pool';
import type { createReceivablesService } from '../receivables/receivables.service';
import type { RequestScope } from '../scope/scope';
import { requireReminderWrite, recipientsInScope } from './impayes-access';
import { lastReminders } from './impayes.repository';
import { IMPAYES_MESSAGES } from './messages';
import {
  auditIssued,
  drawLetter,
  inReminderTransaction,
  overdueWithSeasons,
  party,
  seenRanks,
  storeLetter,
} from './reminder-letters';

/** What issuing letters reads and renders with. */
export interface ReminderContext {
  database: Database;
  receivables: ReturnType<typeof createReceivablesService>;
  renderer: DocumentRenderer;
  clock: () => Date;
}

/** A structure to remind: what it owes overdue and its last letter. */
async function plansOf(context: ReminderContext, scope: RequestScope, request: ReminderIssueRequest, asOf: string) {
  const { database, receivables } = context;
  const structures = await recipientsInScope(database, scope, request.structureIds);
  const groups = await receivables.openFluxByStructure(scope, asOf, {
    structureIds: request.structureIds,
    withLabels: true,
  });
  const reminders = await lastReminders(database, request.structureIds);
  return request.structureIds.map((id) => ({
    structure: structures.get(id)!,
    overdue: overdueWithSeasons(groups.get(id) ?? [], asOf),
    last: reminders.get(id) ?? null,
  }));
}

type Plan = Awaited<ReturnType<typeof plansOf>>[number];

interface DrawnLetter {
  plan: Plan;
  level: ReminderLevel;
  letter: ReminderLetter;
  pdf: Buffer;
  id: number;
}

/**
 * Issues one letter per structure, all or none: a structure out of scope is "not found", one
 * with nothing overdue refuses the request. Each letter is drawn once, stored with what it
 * cited, and audited; its bytes never change.
 */
export async function issueReminders(
  context: ReminderContext,
  scope: RequestScope,
  request: ReminderIssueRequest,
): Promise<IssuedReminder[]> {
  const { database, renderer } = context;
  requireReminderWrite(scope);
  const now = context.clock();
  const asOf = parisToday(now);
  const plans = await plansOf(context, scope, request, asOf);
  const ranks = await seenRanks(database, request);
  const empty = plans.filter((plan) => plan.overdue.length === 0).map((plan) => plan.structure.name);
  if (empty.length > 0) throw badRequest(IMPAYES_MESSAGES.nothingOverdue(empty.join(', ')));

  const sender = await party(database, scope, scope.currentStructureId);
  const letters: DrawnLetter[] = [];
  for (const plan of plans) {
    const overdueIds = plan.overdue.map((item) => item.fluxId);
    const level = request.level ?? nextReminderLevel(plan.last, overdueIds);
    const { id, letter, pdf } = await drawLetter(database, renderer, scope, {
      structureId: plan.structure.id,
      level,
      issuedOn: asOf,
      sender,
      flux: plan.overdue,
      last: plan.last,
      issuedAt: now,
    });
    letters.push({ plan, level, letter, pdf, id });
  }

  // Each letter takes the rank after the last letter read above; the unique (structure,
  // rank) index lets one only of concurrent issues on the same last letter be written:
  // the others roll back whole, as if sent after it they would have read it (R-DUE-05).
  // Written in structure order: issues of overlapping selections take the keys in one
  // order, so one waits for the other and is refused, never a deadlock (a 500).
  letters.sort((a, b) => a.plan.structure.id - b.plan.structure.id);
  const issuedInOrder = await inReminderTransaction(
    database,
    plans.map((plan) => plan.structure),
    async (tx) => {
      const issued: IssuedReminder[] = [];
      for (const { plan, level, letter, pdf, id } of letters) {
        const content = await storeLetter(tx, scope, {
          id,
          structureId: plan.structure.id,
          level,
          rank: ranks.get(plan.structure.id) ?? (plan.last?.rank ?? 0) + 1,
          date: asOf,
          letter,
          pdf,
          overdue: plan.overdue,
        });
        issued.push({
          id,
          structureId: plan.structure.id,
          structureName: plan.structure.name,
          level,
          date: asOf,
          total: letter.total,
          fileName: letter.fileName,
          sha256: content.sha256,
        });
      }
      await auditIssued(
        tx,
        scope,
        issued.map((item, index) => ({
          issued: item,
          fluxIds: letters[index]!.plan.overdue.map((flux) => flux.fluxId),
        })),
      );
      return issued;
    },
  );
  const issuedFor = new Map(issuedInOrder.map((item) => [item.structureId, item]));
  return request.structureIds.flatMap((id) => issuedFor.get(id) ?? []);
}
