import {
  IMPAYES_PATH,
  REMINDERS_PATH,
  REMINDERS_ZIP_PATH,
  STATEMENT_BATCH_URL,
  reminderPdfPath,
  type IssuedReminder,
  type JobView,
  type MailBatchLeftOut,
  type OverdueListPage,
  type ReminderIssueRequest,
} from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { acceptedJob } from '@/lib/jobs';
import { toSearch } from '@/lib/routes';

/** The search, filters, sort and page of the list, as the URL and the server name them (R-UI-20). */
export type OverdueListSearch = Partial<Record<string, string>>;

/** One page of the list, searched, filtered and sorted by the server. */
export function fetchOverdueList(
  structureId: number,
  search: OverdueListSearch,
  signal?: AbortSignal,
): Promise<OverdueListPage> {
  return apiFetch<OverdueListPage>(IMPAYES_PATH + toSearch({ ...search, structureId }), { signal });
}

/** Every structure the filters keep as an xlsx workbook, sorted as on screen. */
export async function downloadOverdueXlsx(structureId: number, search: OverdueListSearch): Promise<void> {
  const { page: _page, parPage: _parPage, ...filters } = search;
  await downloadFile(IMPAYES_PATH + toSearch({ ...filters, format: 'xlsx', structureId }), {
    fileName: 'impayes.xlsx',
  });
}

/** 'Émettre et envoyer' (R-MAIL-08): the e-mail job of the letters issued, and those left out with the reason. */
interface ReminderSendAnswer {
  job: JobView | null;
  leftOut: MailBatchLeftOut[];
}

/** The letters issued (and, asked `envoyer`, their e-mail job), or the job a large selection became (R-JOB-09): 202 with it. */
export type ReminderIssueAnswer = { issued: IssuedReminder[]; sent?: ReminderSendAnswer } | { job: JobView };

type IssuedAnswer = {
  relances: IssuedReminder[];
  envoi?: { traitement: JobView | null; sansAdresse: MailBatchLeftOut[] };
};

export async function issueReminders(structureId: number, request: ReminderIssueRequest): Promise<ReminderIssueAnswer> {
  const answer = await apiFetch<IssuedAnswer | { traitement: JobView }>(REMINDERS_PATH + toSearch({ structureId }), {
    method: 'POST',
    body: request,
  });
  const job = acceptedJob(answer);
  if (job) return { job };
  const { relances, envoi } = answer as IssuedAnswer;
  return envoi
    ? { issued: relances, sent: { job: envoi.traitement, leftOut: envoi.sansAdresse } }
    : { issued: relances };
}

/** The selection's relevés de compte over the current season, issued by a job (R-JOB-06). */
export async function issueStatementBatch(structureId: number, structureIds: readonly number[]): Promise<JobView> {
  const answer = await apiFetch<{ traitement: JobView }>(STATEMENT_BATCH_URL + toSearch({ structureId }), {
    method: 'POST',
    body: { structureIds },
  });
  return answer.traitement;
}

/** One letter as its PDF, several as one ZIP: the bytes stored when they were issued. */
export async function downloadReminders(ids: readonly number[], structureId: number): Promise<void> {
  const path =
    ids.length === 1
      ? reminderPdfPath(ids[0]!) + toSearch({ structureId })
      : REMINDERS_ZIP_PATH + toSearch({ ids: ids.join(','), structureId });
  await downloadFile(path, { fileName: ids.length === 1 ? `relance-${ids[0]}.pdf` : 'relances.zip' });
}
