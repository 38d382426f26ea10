import {
  ModuleSlug,
  REMINDER_LETTER,
  buildReminderLetter,
  canRemindOverdue,
  followsLastReminder,
  nextReminderLevel,
  ownStructureAmongRecipients,
  overdueOf,
  overdueRow,
  parisToday,
  type IssuedReminder,
  type LastReminder,
  type OverdueRow,
  type ReminderIssueRequest,
  type ReminderLetter,
  type ReminderLetterInput,
  type ReminderLevel,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { replicaReads } from '../../db/read-routing';
import { writeAuditRows } from '../../db/audit-log';
import { sniffMimeType } from '../../lib/file-type';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-errors';
import type { Queryable } from '../../db/queryable';
import { uniqueViolation } from '../../db/database-errors';
import { findStatementStructure, type StatementStructure } from '../account-statement/account-statement.service';
import { CONTENT_NATURE, insertContent, sha256Hex } from '../../db/content-store';
import { requireGrant, requireModule, type RequestScope } from '../scope/scope';
import { createReceivablesService } from '../receivables/receivables.service';
import {
  findReminders,
  findStructures,
  insertReminder,
  lastReminders,
  nextReminderId,
  readReminderBytes,
  REMINDER_RANK_INDEX,
  reminderRanks,
  type ReminderRecord,
  type StoredReminder,
} from './impayes.repository';
import { inThreadRenderer, type DocumentRenderer } from '../../render/render-pool';

export const IMPAYES_MESSAGES = {
  notReminding: 'Les impayés sont suivis par le siège, les ligues et les comités : votre structure n’y a pas accès.',
  structureNotFound: 'Structure introuvable',
  reminderNotFound: 'Lettre de relance introuvable',
  ownStructure: 'Votre structure ne peut pas s’adresser une relance à elle-même : retirez-la de la sélection.',
  alreadyReminded: (name: string) =>
    `Une lettre de relance vient d’être émise pour ${name} : rechargez la liste des impayés avant de relancer à nouveau.`,
  nothingOverdue: (names: string) =>
    `Aucun impayé échu pour ${names} : il n’y a rien à relancer. Désélectionnez ces structures et recommencez.`,
} as const;

export const REMINDER_AUDIT = { issued: 'emission_relance', downloaded: 'telechargement_relance' } as const;

/** Reading the list: the flux module, as the flux search, and a structure that follows up payments. */
function requireImpayesAccess(scope: RequestScope): void {
  requireModule(scope, ModuleSlug.FluxFinanciers);
  if (!scope.actor.isSuperAdmin && !canRemindOverdue(scope.currentStructureType))
    throw forbidden(IMPAYES_MESSAGES.notReminding);
}

/**
 * `renderer`: where the letters' PDFs render (R-OPS-08): the server's worker threads; by
 * default the caller's thread (the demo data, tests).
 */
export function createImpayesService(
  database: Database,
  clock: () => Date = () => new Date(),
  renderer: DocumentRenderer = inThreadRenderer,
) {
  const receivables = createReceivablesService(database);
  // The list is a pure read: a read replica may answer it (R-OPS-05); issuing reads the primary.
  const listReader = replicaReads(database);
  const listedReceivables = createReceivablesService(listReader);
  /**
   * The rank each letter takes when the request names the last letters its list showed: one
   * more than that letter's (1 when it showed none). A letter issued since holds that rank, so
   * this one is refused by the unique index (R-DUE-05).
   */
  async function seenRanks(request: ReminderIssueRequest): Promise<Map<number, number>> {
    const ranks = new Map<number, number>();
    if (!request.lastReminderIds) return ranks;
    const seen = request.structureIds.map((structureId, index) => ({
      structureId,
      reminderId: request.lastReminderIds![index] ?? null,
    }));
    const named = seen.flatMap(({ structureId, reminderId }) =>
      reminderId === null ? [] : [{ structureId, reminderId }],
    );
    const found = await reminderRanks(database, named);
    for (const item of seen) {
      const rank = item.reminderId === null ? 0 : found.get(item.reminderId);
      if (rank === undefined) throw notFound(IMPAYES_MESSAGES.reminderNotFound);
      ranks.set(item.structureId, rank + 1);
    }
    return ranks;
  }

  return {
    /** Structures of the scope with flux overdue today (Paris), aged, with their last letter. */
    async list(scope: RequestScope): Promise<{ asOf: string; rows: OverdueRow[] }> {
      requireImpayesAccess(scope);
      const asOf = parisToday(clock());
      const groups = await listedReceivables.openFluxByStructure(scope, asOf);
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
      return { asOf, rows };
    },

    /**
     * Issues one letter per structure, all or none: a structure out of scope is "not found", one
     * with nothing overdue refuses the request. Each letter is drawn once, stored with what it
     * cited, and audited; its bytes never change.
     */
    async issue(scope: RequestScope, request: ReminderIssueRequest): Promise<IssuedReminder[]> {
      requireImpayesAccess(scope);
      requireGrant(scope, REMINDER_LETTER);
      const now = clock();
      const asOf = parisToday(now);
      if (ownStructureAmongRecipients(scope.currentStructureId, request.structureIds))
        throw badRequest(IMPAYES_MESSAGES.ownStructure);
      const structures = await findStructures(database, scope, request.structureIds);
      if (structures.size !== request.structureIds.length) throw notFound(IMPAYES_MESSAGES.structureNotFound);
      const groups = await receivables.openFluxByStructure(scope, asOf, {
        structureIds: request.structureIds,
        withLabels: true,
      });
      const reminders = await lastReminders(database, request.structureIds);
      const ranks = await seenRanks(request);
      const plans = request.structureIds.map((id) => {
        const flux = groups.get(id) ?? [];
        const seasons = new Map(flux.map((item) => [item.id, item.seasonId]));
        const overdue = overdueOf(flux, asOf).map((item) => ({ ...item, seasonId: seasons.get(item.fluxId)! }));
        return { structure: structures.get(id)!, overdue, last: reminders.get(id) ?? null };
      });
      const empty = plans.filter((plan) => plan.overdue.length === 0).map((plan) => plan.structure.name);
      if (empty.length > 0) throw badRequest(IMPAYES_MESSAGES.nothingOverdue(empty.join(', ')));

      const sender = await party(database, scope, scope.currentStructureId);
      const letters: Array<{
        plan: (typeof plans)[number];
        level: ReminderLevel;
        letter: ReminderLetter;
        pdf: Buffer;
        id: number;
      }> = [];
      for (const plan of plans) {
        const overdueIds = plan.overdue.map((item) => item.fluxId);
        const level = request.level ?? nextReminderLevel(plan.last, overdueIds);
        const recipient = await party(database, scope, plan.structure.id);
        const id = await nextReminderId(database);
        const { letter, pdf } = await renderCheckedLetter(renderer, {
          id,
          level,
          issuedOn: asOf,
          sender,
          recipient,
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
          await writeAuditRows(
            tx,
            issued.map((item, index) => ({
              userId: scope.actor.userId,
              structureId: scope.currentStructureId,
              action: REMINDER_AUDIT.issued,
              table: 'MKP_Relance',
              targetId: item.id,
              details: {
                structure: item.structureId,
                niveau: item.level,
                centimes: item.total,
                flux: letters[index]!.plan.overdue.map((flux) => flux.fluxId),
                sha256: item.sha256,
              },
            })),
          );
          return issued;
        },
      );
      const issuedFor = new Map(issuedInOrder.map((item) => [item.structureId, item]));
      return request.structureIds.flatMap((id) => issuedFor.get(id) ?? []);
    },

    /**
     * A batch of letters as a job (R-JOB-09), checked as `issue` checks a selection (the grant,
     * not the caller's own structure, every structure in scope and owing something overdue),
     * nothing drawn yet: the day and the rank each structure's letter will take, fixed for the
     * job (the rank after the last letter the list showed, as R-DUE-05 says).
     */
    async checkBatch(
      scope: RequestScope,
      request: ReminderIssueRequest,
    ): Promise<{ asOf: string; ranks: Record<string, number>; names: Map<number, string> }> {
      requireImpayesAccess(scope);
      requireGrant(scope, REMINDER_LETTER);
      const asOf = parisToday(clock());
      if (ownStructureAmongRecipients(scope.currentStructureId, request.structureIds))
        throw badRequest(IMPAYES_MESSAGES.ownStructure);
      const structures = await findStructures(database, scope, request.structureIds);
      if (structures.size !== request.structureIds.length) throw notFound(IMPAYES_MESSAGES.structureNotFound);
      const groups = await receivables.openFluxByStructure(scope, asOf, { structureIds: request.structureIds });
      const empty = request.structureIds
        .filter((id) => overdueOf(groups.get(id) ?? [], asOf).length === 0)
        .map((id) => structures.get(id)!.name);
      if (empty.length > 0) throw badRequest(IMPAYES_MESSAGES.nothingOverdue(empty.join(', ')));
      const reminders = await lastReminders(database, request.structureIds);
      const seen = await seenRanks(request);
      const ranks = Object.fromEntries(
        request.structureIds.map((id) => [String(id), seen.get(id) ?? (reminders.get(id)?.rank ?? 0) + 1]),
      );
      return { asOf, ranks, names: new Map([...structures].map(([id, structure]) => [id, structure.name])) };
    },

    /**
     * One structure's letter of a batch (R-JOB-09): drawn and rendered as `issue` draws it, as
     * of the batch's day, outside any transaction; `store` then writes it in the job step's
     * transaction at its rank (null, writing nothing, when a letter took that rank since). A
     * structure no longer in scope, already reminded at that rank, or owing nothing overdue any
     * more gets no letter: the reason, in French.
     */
    async prepareBatchLetter(
      scope: RequestScope,
      structureId: number,
      rank: number,
      level: ReminderLevel | undefined,
      asOf: string,
      now: Date,
    ): Promise<
      | { structure: { id: number; name: string }; skipped: string }
      | {
          structure: { id: number; name: string };
          pdf: Buffer;
          fileName: string;
          store: (tx: Queryable) => Promise<IssuedReminder | null>;
        }
    > {
      requireImpayesAccess(scope);
      requireGrant(scope, REMINDER_LETTER);
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
      const seasons = new Map(flux.map((item) => [item.id, item.seasonId]));
      const overdue = overdueOf(flux, asOf).map((item) => ({ ...item, seasonId: seasons.get(item.fluxId)! }));
      if (overdue.length === 0) return { structure, skipped: IMPAYES_MESSAGES.nothingOverdue(structure.name) };
      const sender = await party(database, scope, scope.currentStructureId);
      const recipient = await party(database, scope, structureId);
      const overdueIds = overdue.map((item) => item.fluxId);
      const chosen = level ?? nextReminderLevel(last, overdueIds);
      const id = await nextReminderId(database);
      const { letter, pdf } = await renderCheckedLetter(renderer, {
        id,
        level: chosen,
        issuedOn: asOf,
        sender,
        recipient,
        flux: overdue,
        last,
        issuedAt: now,
      });
      return {
        structure,
        pdf,
        fileName: letter.fileName,
        async store(tx) {
          const [taken] = await tx.query(`SELECT 1 FROM "MKP_Relance" WHERE "ID_Structure" = $1 AND "Rang" = $2`, [
            structureId,
            rank,
          ]);
          if (taken) return null;
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
          await writeAuditRows(tx, [
            {
              userId: scope.actor.userId,
              structureId: scope.currentStructureId,
              action: REMINDER_AUDIT.issued,
              table: 'MKP_Relance',
              targetId: id,
              details: {
                structure: structureId,
                niveau: chosen,
                centimes: letter.total,
                flux: overdueIds,
                sha256: content.sha256,
              },
            },
          ]);
          return {
            id,
            structureId,
            structureName: structure.name,
            level: chosen,
            date: asOf,
            total: letter.total,
            fileName: letter.fileName,
            sha256: content.sha256,
          };
        },
      };
    },

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

/** Which structure a rank conflict was about: the index's key, '(ID_Structure, Rang)=(12, 2)'. */
const CONFLICT_KEY = /=\((\d+), \d+\)/;

/** The issue's transaction; a letter that lost the race for its rank is a French 409 naming its structure. */
async function inReminderTransaction<T>(
  database: Database,
  structures: ReadonlyArray<{ id: number; name: string }>,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await database.transaction(work);
  } catch (error) {
    const violation = uniqueViolation(error);
    if (violation?.constraint !== REMINDER_RANK_INDEX) throw error;
    const structureId = Number(CONFLICT_KEY.exec(violation.detail)?.[1]);
    const named = structures.filter((structure) => structure.id === structureId);
    const names = (named.length > 0 ? named : structures).map((structure) => structure.name);
    throw new HttpError(409, IMPAYES_MESSAGES.alreadyReminded(names.join(', ')), 'conflict');
  }
}

/**
 * A letter drawn and rendered: it names the last letter when that one cited an invoice still
 * overdue. Nothing leaves unchecked: what is stored and sent must read as a PDF.
 */
async function renderCheckedLetter(
  renderer: DocumentRenderer,
  draw: Omit<ReminderLetterInput, 'previous'> & { last: (LastReminder & { date: string }) | null; issuedAt: Date },
): Promise<{ letter: ReminderLetter; pdf: Buffer }> {
  const { last, issuedAt, ...input } = draw;
  const overdueIds = input.flux.map((item) => item.fluxId);
  const letter = buildReminderLetter({
    ...input,
    previous: last && followsLastReminder(last, overdueIds) ? { level: last.level, date: last.date } : null,
  });
  const { pdf } = await renderer.render({
    kind: 'lettre-relance',
    letter,
    parties: { sender: input.sender, recipient: input.recipient },
    issuedAt,
  });
  if (sniffMimeType(pdf) !== 'application/pdf') throw new Error(`Relance ${letter.reference} : PDF invalide`);
  return { letter, pdf };
}

/**
 * A letter drawn for a structure, stored: its PDF in the document store, its row at its rank
 * with the lines it cited, each with the flux it is. The stored content: its id and SHA-256.
 */
async function storeLetter(
  tx: Queryable,
  scope: RequestScope,
  drawn: Pick<ReminderRecord, 'id' | 'structureId' | 'level' | 'rank' | 'date'> & {
    letter: ReminderLetter;
    pdf: Buffer;
    overdue: ReadonlyArray<{ fluxId: number }>;
  },
): Promise<{ id: number; sha256: string }> {
  const { letter, pdf, overdue, ...record } = drawn;
  const content = await insertContent(tx, {
    nature: CONTENT_NATURE.reminderLetter,
    bytes: pdf,
    mimeType: 'application/pdf',
  });
  await insertReminder(tx, {
    ...record,
    senderStructureId: scope.currentStructureId,
    userId: scope.actor.userId,
    total: letter.total,
    contentId: content.id,
    sha256: content.sha256,
    fileName: letter.fileName,
    flux: letter.lines.map((line, index) => ({
      fluxId: overdue[index]!.fluxId,
      invoiceNumber: line.invoiceNumber,
      amount: line.amount,
      dueDate: line.dueDate,
      daysLate: line.daysLate,
    })),
  });
  return content;
}

async function party(database: Database, scope: RequestScope, structureId: number): Promise<StatementStructure> {
  const found = await findStatementStructure(database, scope, structureId);
  if (!found) throw notFound(IMPAYES_MESSAGES.structureNotFound);
  return found;
}

export type ImpayesService = ReturnType<typeof createImpayesService>;
