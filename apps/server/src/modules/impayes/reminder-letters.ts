import {
  buildReminderLetter,
  followsLastReminder,
  overdueOf,
  type IssuedReminder,
  type LastReminder,
  type ReminderIssueRequest,
  type ReminderLetter,
  type ReminderLetterInput,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { writeAuditRows } from '../../db/audit-log';
import { CONTENT_NATURE, insertContent } from '../../db/content-store';
import { uniqueViolation } from '../../db/database-errors';
import type { Queryable } from '../../db/queryable';
import { sniffMimeType } from '../../lib/file-type';
import { HttpError, notFound } from '../../lib/http-errors';
import type { DocumentRenderer } from '../../render/render-pool';
import { findStatementStructure, type StatementStructure } from '../account-statement/account-statement.service';
import type { OpenFlux } from '../receivables/receivables.service';
import type { RequestScope } from '../scope/scope';
import {
  insertReminder,
  nextReminderId,
  REMINDER_RANK_INDEX,
  reminderRanks,
  type ReminderRecord,
} from './impayes.repository';
import { IMPAYES_MESSAGES } from './messages';

export const REMINDER_AUDIT = { issued: 'emission_relance', downloaded: 'telechargement_relance' } as const;

/**
 * The rank each letter takes when the request names the last letters its list showed: one
 * more than that letter's (1 when it showed none). A letter issued since holds that rank, so
 * this one is refused by the unique index (R-DUE-05).
 */
export async function seenRanks(database: Database, request: ReminderIssueRequest): Promise<Map<number, number>> {
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

/** A structure's flux overdue on `asOf`, each with its season (the letter cites its invoice number). */
export function overdueWithSeasons(flux: readonly OpenFlux[], asOf: string) {
  const seasons = new Map(flux.map((item) => [item.id, item.seasonId]));
  return overdueOf(flux, asOf).map((item) => ({ ...item, seasonId: seasons.get(item.fluxId)! }));
}

/** The audit row of a letter issued (R-DUE-04): what it cited and its stored bytes' checksum. */
function issuedAuditRow(scope: RequestScope, issued: IssuedReminder, fluxIds: readonly number[]) {
  return {
    userId: scope.actor.userId,
    structureId: scope.currentStructureId,
    action: REMINDER_AUDIT.issued,
    table: 'MKP_Relance',
    targetId: issued.id,
    details: {
      structure: issued.structureId,
      niveau: issued.level,
      centimes: issued.total,
      flux: fluxIds,
      sha256: issued.sha256,
    },
  };
}

/** Writes the audit rows of letters issued together, in the same transaction. */
export async function auditIssued(
  tx: Queryable,
  scope: RequestScope,
  letters: ReadonlyArray<{ issued: IssuedReminder; fluxIds: readonly number[] }>,
): Promise<void> {
  await writeAuditRows(
    tx,
    letters.map(({ issued, fluxIds }) => issuedAuditRow(scope, issued, fluxIds)),
  );
}

/** Which structure a rank conflict was about: the index's key, '(ID_Structure, Rang)=(12, 2)'. */
const CONFLICT_KEY = /=\((\d+), \d+\)/;

/** The issue's transaction; a letter that lost the race for its rank is a French 409 naming its structure. */
export async function inReminderTransaction<T>(
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
export async function storeLetter(
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

export async function party(database: Database, scope: RequestScope, structureId: number): Promise<StatementStructure> {
  const found = await findStatementStructure(database, scope, structureId);
  if (!found) throw notFound(IMPAYES_MESSAGES.structureNotFound);
  return found;
}

/**
 * A letter to one structure: its addressee read in scope, its number taken (it is printed on
 * it), then drawn and rendered (`renderCheckedLetter`). Nothing is stored yet.
 */
export async function drawLetter(
  database: Database,
  renderer: DocumentRenderer,
  scope: RequestScope,
  draw: Omit<Parameters<typeof renderCheckedLetter>[1], 'id' | 'recipient'> & { structureId: number },
): Promise<{ id: number; letter: ReminderLetter; pdf: Buffer }> {
  const { structureId, ...rest } = draw;
  const recipient = await party(database, scope, structureId);
  const id = await nextReminderId(database);
  const { letter, pdf } = await renderCheckedLetter(renderer, { ...rest, id, recipient });
  return { id, letter, pdf };
}
