import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { dataDir } from './db/paths';
import { DEFAULT_JOB_KINDS, type AppOptions } from './app-options';
import { statementBatchJob } from './modules/account-statement/statement-batch-job';
import type { AccountStatementService } from './modules/account-statement/account-statement.service';
import { bankImportJob } from './modules/bank-statements/bank-import-job';
import { documentPackJob } from './modules/flux-document-packs/document-pack-job';
import {
  createFluxDocumentsService,
  type FluxDocumentsSettings,
} from './modules/flux-documents/flux-documents.service';
import { issuanceBackfillJob, startIssuanceBackfill } from './modules/flux-documents/issuance-backfill-job';
import { reminderBatchJob } from './modules/impayes/reminder-batch-job';
import type { ImpayesService } from './modules/impayes/impayes.service';
import { bulkInvoicingJob } from './modules/invoicing/bulk-invoicing';
import type { JobKind } from './modules/jobs/job-kind';
import { createJobRuntime, type JobRuntime } from './modules/jobs/job-runtime';
import { ledgerValidationJob } from './modules/ledger/ledger-validation-job';
import { mailJob, type MailJobSettings } from './modules/mail/mail-job';
import { monthlyRecapJob } from './modules/monthly-recap/monthly-recap-job';
import { startMonthlyRecapSchedule } from './modules/monthly-recap/monthly-recap-schedule';
import type { MailService } from './modules/mail/mail.service';
import { createMailTransport } from './modules/mail/mail-transport';

/** The services the job kinds work through, shared with the routes that start them. */
export interface JobServices {
  issuance: FluxDocumentsSettings;
  statements: AccountStatementService;
  impayes: ImpayesService;
  /** E-mail delivery: its job's settings and the service it reads documents through (set once jobs exist). */
  mail: { settings: MailJobSettings; service: () => MailService };
}

/**
 * The durable jobs of this process (R-JOB-01): started with the app when `startWorkers` (the
 * server: jobs left running or waiting resume), else at the first job; stopped before the
 * database closes, running jobs handed back to the queue.
 */
export function createJobs(app: FastifyInstance, options: AppOptions, services: JobServices): JobRuntime {
  const database = options.database;
  // On PGlite a step's transaction holds the embedded database: short ones let others in between (R-OPS-10).
  const stepEntries = options.ledgerStepEntries ?? (database.kind === 'pglite' ? 200 : 20_000);
  const stageDays = options.ledgerStageDays ?? (database.kind === 'pglite' ? 2 : undefined);
  const sizes = { ...DEFAULT_JOB_KINDS, ...options.jobKinds };
  // The recaps' job queues the mail job: it reaches the runtime when it runs.
  let runtime: JobRuntime | null = null;
  const kinds = [
    ledgerValidationJob({ stepEntries, ...(stageDays === undefined ? {} : { stageDays }) }),
    documentPackJob(createFluxDocumentsService(database, services.issuance), {
      stepFlux: options.documentPacks?.jobStepFlux ?? sizes.packStepFlux,
    }),
    statementBatchJob(services.statements),
    bankImportJob({ stepEntries: sizes.bankImportStepEntries }),
    issuanceBackfillJob(services.issuance),
    reminderBatchJob(services.impayes),
    bulkInvoicingJob(services.issuance, {
      stepStructures: sizes.bulkInvoicingStepStructures,
      clock: options.invoicingClock,
    }),
    mailJob(services.mail.settings, lazyMailService(services.mail.service), (details, message) =>
      app.log.warn(details, message),
    ),
    monthlyRecapJob(() => runtime!),
  ] as unknown as JobKind<never, never>[];
  const jobs = createJobRuntime(database, kinds, options.jobs, {
    info: (details, message) => app.log.info(details, message),
    error: (details, message) => app.log.error(details, message),
  });
  runtime = jobs;
  if (jobs.settings.startWorkers) app.addHook('onReady', () => jobs.start());
  if (options.issuanceBackfill) {
    // Every instance asks; the fleet runs one backfill (its key), resumed where it stopped.
    const batchSize = sizes.backfillBatchSize ?? (database.kind === 'pglite' ? 2_000 : 20_000);
    app.addHook('onReady', async () => {
      void startIssuanceBackfill(database, jobs, batchSize).catch((error: unknown) =>
        app.log.error({ err: error }, "échec de la demande d'émission des documents antérieurs"),
      );
    });
  }
  if (options.monthlyRecapSchedule) startMonthlyRecapSchedule(app, database, jobs);
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}

/** R-MAIL-06: without a transport given, messages go to the outbox folder under DATA_DIR (never sent). */
export function mailJobSettings(options: AppOptions): MailJobSettings {
  const given = options.mail ?? {};
  return {
    transport: given.transport ?? createMailTransport({ outboxDir: path.join(dataDir(), 'outbox') }),
    from: given.from ?? 'Gestion des finances <ne-pas-repondre@localhost>',
    retryLimit: given.retryLimit ?? 8,
    retryDelaySeconds: given.retryDelaySeconds ?? 30,
    concurrency: given.concurrency ?? 4,
  };
}

/** The mail job needs the mail service, which needs the job runtime: the job reaches it when it runs. */
function lazyMailService(get: () => MailService): MailService {
  return new Proxy({} as MailService, { get: (_target, name) => get()[name as keyof MailService] });
}
