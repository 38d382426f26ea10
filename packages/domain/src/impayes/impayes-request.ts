import { z } from 'zod';
import type { OverdueRow } from './overdue-structures';
import { REMINDER_LEVELS, type ReminderLevel } from './reminder-rules';

/** GET: the list (json or xlsx); POST …/relances: issue letters; GET …/relances/:id/lettre.pdf, …/relances.zip?ids. */
export const IMPAYES_PATH = '/api/impayes';
export const REMINDERS_PATH = '/api/impayes/relances';
export const reminderPdfPath = (id: number) => `${REMINDERS_PATH}/${id}/lettre.pdf`;
export const REMINDERS_ZIP_PATH = `${REMINDERS_PATH}.zip`;

/** Letters issued or downloaded together at most (one request, one ZIP). */
export const MAX_REMINDERS_PER_REQUEST = 200;

const structureIds = z
  .array(z.number().int().positive().max(2_147_483_647), { message: 'liste de structures attendue' })
  .min(1, 'Sélectionnez au moins une structure.')
  .max(MAX_REMINDERS_PER_REQUEST, `Au plus ${MAX_REMINDERS_PER_REQUEST} structures par envoi.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Une structure est sélectionnée deux fois.');

/**
 * POST /api/impayes/relances: `level` absent means each structure's proposed level.
 * `lastReminderIds`, in the order of `structureIds`: each structure's last letter as the list
 * showed it (null: none). A letter follows that one, or is not written: of concurrent issues
 * from the same list, one only gives a letter (R-DUE-05). Absent: the last letter the server reads.
 */
export const reminderIssueRequestSchema = z
  .object({
    structureIds,
    level: z
      .number()
      .int()
      .refine((value): value is ReminderLevel => (REMINDER_LEVELS as readonly number[]).includes(value), {
        message: 'niveau de relance attendu : 1, 2 ou 3',
      })
      .optional(),
    lastReminderIds: z
      .array(z.number().int().positive().max(2_147_483_647).nullable(), {
        message: 'dernières relances attendues : des numéros ou null',
      })
      .optional(),
    /** Issued as a job whatever the selection's size (R-JOB-09); a large selection is anyway. */
    arrierePlan: z.boolean({ message: 'arrierePlan attendu : true ou false' }).optional(),
    /** 'Émettre et envoyer' (R-MAIL-08): the letters issued are then e-mailed to their structures, as one job. */
    envoyer: z.boolean({ message: 'envoyer attendu : true ou false' }).optional(),
  })
  .strict()
  .refine((request) => !request.lastReminderIds || request.lastReminderIds.length === request.structureIds.length, {
    message: 'une dernière relance (ou null) attendue par structure',
    path: ['lastReminderIds'],
  });
export type ReminderIssueRequest = z.infer<typeof reminderIssueRequestSchema>;

/** The issue dialog's form: the level as its radio value ('propose': each structure's proposed level). */
export const reminderIssueFormSchema = z.object({
  level: z.enum(['propose', '1', '2', '3'], { message: 'Choisissez un niveau de relance.' }),
  structureIds,
});
export type ReminderIssueForm = z.infer<typeof reminderIssueFormSchema>;

/**
 * The request of the issue dialog's form; with the list's rows, it names each structure's last
 * letter as they showed it (R-DUE-05).
 */
export function toReminderIssueRequest(
  form: ReminderIssueForm,
  rows?: readonly Pick<OverdueRow, 'structure' | 'lastReminder'>[],
): ReminderIssueRequest {
  const request: ReminderIssueRequest =
    form.level === 'propose'
      ? { structureIds: form.structureIds }
      : { structureIds: form.structureIds, level: Number(form.level) as ReminderLevel };
  if (!rows) return request;
  const last = new Map(rows.map((row) => [row.structure.id, row.lastReminder?.id ?? null]));
  return { ...request, lastReminderIds: form.structureIds.map((id) => last.get(id) ?? null) };
}

export interface IssuedReminder {
  id: number;
  structureId: number;
  structureName: string;
  level: ReminderLevel;
  date: string;
  total: number;
  fileName: string;
  sha256: string;
}

export const reminderIdsQuerySchema = z.object({
  ids: z
    .string({ message: 'ids attendus' })
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'ids attendus : des numéros séparés par des virgules')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine(
      (ids) => ids.length <= MAX_REMINDERS_PER_REQUEST,
      `Au plus ${MAX_REMINDERS_PER_REQUEST} relances par archive.`,
    ),
  structureId: z.string().optional(),
});

/** "relances-<day>.zip" */
export const remindersZipFileName = (day: string) => `relances-${day}.zip`;
