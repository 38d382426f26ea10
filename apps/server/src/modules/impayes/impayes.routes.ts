import {
  IMPAYES_PATH,
  REMINDERS_BACKGROUND_ABOVE,
  REMINDERS_PATH,
  REMINDERS_ZIP_PATH,
  overdueListFileName,
  overdueListPage,
  overdueListQuerySchema,
  overdueListTable,
  reminderIdsQuerySchema,
  reminderIssueRequestSchema,
  remindersZipFileName,
  runsInBackground,
} from '@gdf/domain';
import { toXlsx } from '@gdf/file-formats';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import { idParams } from '../../lib/resource-paths';
import { parseInput } from '../../lib/validation';
import { ZipWriter } from '../flux-document-packs/document-pack.service';
import { resolveScope } from '../../plugins/scope';
import type { JobRuntime } from '../jobs/job-runtime';
import { jobView } from '../jobs/jobs.service';
import { createImpayesService } from './impayes.service';
import { startReminderBatchJob } from './reminder-batch-job';
import type { MailService } from '../mail/mail.service';
import { badRequest } from '../../lib/http-errors';

const sendOnIssueRefusal = (above: number) =>
  `Émettre et envoyer : au plus ${above} structures à la fois (les lettres d’une sélection plus grande s’envoient ensuite depuis Impayés).`;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The 'Impayés' of the head office, ligues and comités (their scope): the list (a json page or
 * the whole xlsx, searched, filtered and sorted as asked), issuing reminder letters, and downloading them again, one PDF or
 * a ZIP of several, always the bytes stored when they were issued.
 */
export function registerImpayesRoutes(
  app: FastifyInstance,
  database: Database,
  clock?: () => Date,
  jobs?: JobRuntime,
  backgroundAbove = REMINDERS_BACKGROUND_ABOVE,
  service = createImpayesService(database, clock),
  /** 'Émettre et envoyer' (R-MAIL-08): the e-mail delivery the letters issued are handed to. */
  mail?: MailService,
): void {
  app.get(IMPAYES_PATH, { config: { auth: 'user' } }, async (request, reply) => {
    const query = parseInput(overdueListQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    // R-UI-20: searched, filtered and sorted on the server; json is one page, xlsx every row kept.
    const { asOf, rows: sorted } = await service.list(scope, query);
    reply.header('cache-control', 'private, no-store');
    if (query.format === 'json') return overdueListPage(asOf, sorted, query);
    const { table, header, amountColumns } = overdueListTable(sorted, asOf);
    const parts = await toXlsx(table, { header, amountColumns, worksheet: 'Impayés' });
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${overdueListFileName(asOf)}"`)
      .send(Buffer.concat(parts));
  });

  app.post(REMINDERS_PATH, { config: { auth: 'user', event: 'relance.emission' } }, async (request, reply) => {
    const body = parseInput(reminderIssueRequestSchema, request.body);
    const scope = await resolveScope(request, database);
    const background = Boolean(jobs) && runsInBackground(body.structureIds.length, backgroundAbove, body.arrierePlan);
    // 'Émettre et envoyer' sends the letters one request issued; a job's letters are sent from Impayés afterwards.
    if (body.envoyer && (background || !mail)) throw badRequest(sendOnIssueRefusal(backgroundAbove));
    if (jobs && background) {
      // A large selection is a job (R-JOB-09): 202 with it, followed in 'Mes traitements'.
      const job = await startReminderBatchJob(jobs, service, scope, body);
      return reply
        .code(202)
        .header('cache-control', 'private, no-store')
        .send({ traitement: jobView(job, scope.actor) });
    }
    const issued = await service.issue(scope, body);
    const sent =
      body.envoyer && mail && issued.length > 0
        ? await mail.sendBatch(scope, {
            // A key no one can guess (R-MAIL-03): a retry of this request issues new letters anyway.
            cle: `relances-${randomUUID()}`,
            documents: issued.map((letter) => ({ type: 'relance' as const, id: letter.id })),
          })
        : null;
    return reply
      .code(201)
      .header('cache-control', 'private, no-store')
      .send({
        relances: issued,
        ...(sent
          ? {
              envoi: {
                traitement: sent.traitement && jobView(sent.traitement, scope.actor),
                sansAdresse: sent.sansAdresse,
              },
            }
          : {}),
      });
  });

  app.get(`${REMINDERS_PATH}/:id/lettre.pdf`, { config: { auth: 'user' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const scope = await resolveScope(request, database);
    const [letter] = await service.download(scope, [id]);
    return reply
      .type('application/pdf')
      .header('content-length', letter!.bytes.length)
      .header('x-document-sha256', letter!.sha256)
      .header('content-disposition', `attachment; filename="${letter!.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(letter!.bytes);
  });

  app.get(REMINDERS_ZIP_PATH, { config: { auth: 'user' } }, async (request, reply) => {
    const { ids } = parseInput(reminderIdsQuerySchema, request.query);
    const scope = await resolveScope(request, database);
    const letters = await service.download(scope, ids);
    // Dated by the last letter, so the same letters give the same archive.
    const last = letters.at(-1)!.date;
    const zip = new ZipWriter(new Date(`${last}T12:00:00Z`));
    const chunks = [...letters.flatMap((letter) => zip.entry(letter.fileName, letter.bytes)), ...zip.end()];
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${remindersZipFileName(last)}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.concat(chunks));
  });
}
