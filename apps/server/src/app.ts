import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Database } from './db/database';
import { registerAuth } from './plugins/auth';
import { registerBusinessEvents } from './plugins/business-events';
import { registerReadYourWrites } from './plugins/read-your-writes';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerMetrics, type MetricsAccess } from './plugins/metrics';
import { registerTracing, type TracingOptions } from './plugins/tracing';
import { registerSpa } from './plugins/spa';
import { DEFAULT_SESSION_SETTINGS, createAuthService, type SessionSettings } from './modules/auth/auth.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createTokenService } from './modules/auth/token';
import { createLoginThrottle, createRedisThrottleStore, type LoginThrottle } from './modules/auth/login-throttle';
import { createPostgresThrottleStore } from './modules/auth/login-throttle.repository';
import { createSharedLimits } from './lib/shared-limits/shared-limits';
import { createHeavyWork, heavyWorkLimits, type HeavyWork } from './lib/heavy-work/heavy-work';
import type { FairGateLimits } from './lib/heavy-work/fair-gate';
import { createRenderPool, renderThreadsSetting } from './render/render-pool';
import { priorityLane } from './db/priority-lane';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerMeRoutes } from './modules/me/me.routes';
import { registerFluxDocumentRoutes } from './modules/flux-documents/flux-documents.routes';
import { registerAccountStatementRoutes } from './modules/account-statement/account-statement.routes';
import {
  createAccountStatementService,
  type AccountStatementService,
  type AccountStatementSettings,
} from './modules/account-statement/account-statement.service';
import { statementBatchJob } from './modules/account-statement/statement-batch-job';
import { registerImpayesRoutes } from './modules/impayes/impayes.routes';
import { createImpayesService, type ImpayesService } from './modules/impayes/impayes.service';
import { reminderBatchJob } from './modules/impayes/reminder-batch-job';
import { bankImportJob, type BankImportBackground } from './modules/bank-statements/bank-import-job';
import { documentPackJob } from './modules/flux-document-packs/document-pack-job';
import {
  createFluxDocumentsService,
  type FluxDocumentsSettings,
} from './modules/flux-documents/flux-documents.service';
import { issuanceBackfillJob, startIssuanceBackfill } from './modules/flux-documents/issuance-backfill-job';
import type { JobKind } from './modules/jobs/job-kind';
import { registerDocumentPackRoutes } from './modules/flux-document-packs/document-pack.routes';
import type { DocumentPackOptions } from './modules/flux-document-packs/document-pack.service';
import { registerAddressesRoutes } from './modules/addresses/addresses.routes';
import { registerDepartementsRoutes } from './modules/departements/departements.routes';
import { registerLicencesRoutes } from './modules/licences/licences.routes';
import { registerFilesRoutes } from './modules/files/files.routes';
import { registerStructureDocumentsRoutes } from './modules/structure-documents/structure-documents.routes';
import { registerStructuresRoutes } from './modules/structures/structures.routes';
import { registerStructureRibsRoutes } from './modules/structure-ribs/structure-ribs.routes';
import { registerStructureSituationRoutes } from './modules/structure-situation/structure-situation.routes';
import { registerStructureStatusRoutes } from './modules/structure-status/structure-status.routes';
import {
  BANK_IMPORT_BACKGROUND_BYTES,
  BANK_IMPORT_BACKGROUND_ENTRIES,
  REMINDERS_BACKGROUND_ABOVE,
  type UploadQuota,
} from '@gdf/domain';
import type { SafeFetchPolicy } from './lib/safe-fetch';
import type { GraphqlCache } from './graphql/execution/caches';
import { registerGraphql } from './graphql/graphql.routes';
import { registerReadCacheInvalidation } from './plugins/read-cache-invalidation';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerDrain, type Drain } from './lib/drain';
import { registerAccountingSettingsRoutes } from './modules/accounting-settings/accounting-settings.routes';
import { registerExportsSageRoutes } from './modules/exports-sage/exports-sage.routes';
import { registerLedgerRoutes } from './modules/ledger/ledger.routes';
import path from 'node:path';
import { dataDir } from './db/paths';
import { mailJob, type MailJobSettings } from './modules/mail/mail-job';
import { createMailService, type MailService } from './modules/mail/mail.service';
import { registerMailRoutes } from './modules/mail/mail.routes';
import { createMailTransport } from './modules/mail/mail-transport';
import { ledgerValidationJob } from './modules/ledger/ledger-validation-job';
import { createJobRuntime, type JobRuntime, type JobsSettings } from './modules/jobs/job-runtime';
import { registerJobsRoutes } from './modules/jobs/jobs.routes';
import { registerJobMetrics } from './modules/jobs/job-metrics';
import { registerSepaExports } from './modules/exports-sepa/register-sepa';
import { registerSepaReturnRoutes } from './modules/sepa-returns/sepa-returns.routes';
import { registerBankStatementRoutes } from './modules/bank-statements/bank-statements.routes';
import { bulkInvoicingJob } from './modules/invoicing/bulk-invoicing';
import { registerInvoicingRoutes } from './modules/invoicing/invoicing.routes';
import { creditorIdentifier, type SepaSettings } from './modules/exports-sepa/sepa-settings';
import { moveDiskFilesIntoDatabase, type DiskFileDirectories } from './modules/document-store/move-disk-files';
import {
  DEFAULT_CONNECTION_LIMITS,
  capConnections,
  fastifyConnectionOptions,
  type ConnectionLimits,
} from './lib/connection-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's heavy requests (their gate's load: metrics, tests). */
    heavyWork: HeavyWork;
  }
}

export interface AppOptions {
  database: Database;
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Built SPA to serve (apps/web/dist); omitted in API-only tests. */
  staticDir?: string;
  /** Serve the SPA's *.map files: development only (NODE_ENV=development); default false. */
  serveSourceMaps?: boolean;
  /** Login throttling (per account and per address); false only in tests that log in at will. */
  loginRateLimit?: LoginThrottleOptions | false;
  /**
   * Shared store of the login throttle and of the places (document packs, heavy queries) of every
   * process; the database otherwise (ADR 0049).
   */
  redisUrl?: string;
  /** Redis key prefix of the places (tests use their own); default 'gdf:places:'. */
  placesRedisPrefix?: string;
  /**
   * Proxies whose X-Forwarded-* headers are believed (TRUST_PROXY): addresses/CIDRs or a hop
   * count, as Fastify's trustProxy. Default none: request.ip is the peer's address.
   */
  trustProxy?: string | string[] | number;
  /** Stopping behind a load balancer (server.ts): GET and HEAD answered 503 while it drains (R-OPS-12). */
  drain?: Drain;
  /** Access token lifetime (ACCESS_TOKEN_TTL_SECONDS, default 600). */
  accessTokenLifetimeSeconds?: number;
  /** Session (refresh cookie) lifetime and rotation grace. */
  sessions?: Partial<SessionSettings>;
  /** Who may frame the app (appMode=embedded): CSP frame-ancestors sources. */
  frameAncestors?: string[];
  /** GraphQL queries answered from SQL-built JSON without graphql-js's executor (default true; tests compare both). */
  graphqlDirectExecution?: boolean;
  /** __schema/__type for super_administrateur; default: NODE_ENV development or test only. */
  graphqlIntrospection?: boolean;
  /** GraphQL caches switched off (BENCH_CACHES_OFF): the bench measures what each earns. */
  graphqlCachesOff?: ReadonlySet<GraphqlCache>;
  /**
   * Where an earlier version kept uploaded and SEPA files on disk: moved into the database
   * before the app serves anything (ADR 0010). Unset: nothing to move (tests, new installs).
   */
  diskFilesToMove?: DiskFileDirectories;
  /** Host names create-from-url may fetch (server.ts: FILE_URL_ALLOWLIST); none (the default) refuses all. */
  urlFetchAllowList?: string[];
  /** Tests only: DNS resolver, one exempt (host, address) pair and limits for create-from-url. */
  urlFetchOverrides?: Omit<SafeFetchPolicy, 'allowedHosts'>;
  /** Uploads per structure and day (count and bytes); default 200 files and 200 MB. */
  uploadQuota?: UploadQuota;
  /** SEPA creditor and file settings (SEPA_* variables); defaults: head office RIB, demo ICS, RCUR. */
  sepa?: Partial<SepaSettings>;
  /** Tests only: the clock of the accounting periods (validation day, years that ended). */
  ledgerClock?: () => Date;
  /** Document packs (R-DOC-08): a lower cap and a per-document hook, for tests. */
  documentPacks?: DocumentPackOptions;
  /** Relevés de compte: a lower number of new statements a day, for tests. */
  accountStatements?: AccountStatementSettings;
  /** Headers, request and keep-alive deadlines and the cap on sockets (HTTP_* variables). */
  connections?: Partial<ConnectionLimits>;
  /** Prometheus metrics on GET /metrics for this token or these addresses (METRICS_*); omitted: none collected. */
  metrics?: MetricsAccess;
  /** OpenTelemetry traces to this collector (OTEL_EXPORTER_OTLP_ENDPOINT); omitted: none. */
  tracing?: TracingOptions;
  /** Durable jobs (ADR 0050): the server starts its workers with the app; tests tune the timings. */
  jobs?: Partial<JobsSettings>;
  /** Entries a validation job writes per step (default 200 on PGlite, 20,000 on PostgreSQL). */
  ledgerStepEntries?: number;
  /** Days of entry dates a validation job stages per transaction (default 2 on PGlite, the whole range on PostgreSQL). */
  ledgerStageDays?: number;
  /** Worker threads rendering documents (RENDER_THREADS; default one less than the cores, at least 1; 0: in the request's thread). */
  renderThreads?: number;
  /** Heavy requests of this process: at once, per user, per structure, queued, waited (HEAVY_WORK_*; R-OPS-09). */
  heavyWork?: Partial<FairGateLimits>;
  /** The other job kinds' sizes (R-JOB-05 to R-JOB-09): tests make their steps small. */
  jobKinds?: Partial<JobKindSettings>;
  /** Queue the issuance backfill at start when flux lack their documents (the server; R-JOB-08). */
  issuanceBackfill?: boolean;
  /** Tests: the instant 'Création factures' issues invoices at (R-INV-03, R-INV-05). */
  invoicingClock?: () => Date;
  /** E-mail delivery (R-MAIL-04, R-MAIL-06): the transport (default: the outbox under DATA_DIR), sender, tries. */
  mail?: Partial<MailJobSettings>;
}

export interface JobKindSettings {
  /** Flux a background document pack reads per step. */
  packStepFlux: number;
  /** Entries a large bank statement import writes per step. */
  bankImportStepEntries: number;
  /** Above these, a bank statement file is imported as a job. */
  bankImportBackground: BankImportBackground;
  /** Above this many structures, reminder letters are issued as a job. */
  remindersBackgroundAbove: number;
  /** Flux ids the issuance backfill issues per step (default 2,000 on PGlite, 20,000 on PostgreSQL). */
  backfillBatchSize?: number;
  /** Structures a bulk invoicing step issues (R-INV-09; default 100). */
  bulkInvoicingStepStructures?: number;
}

const DEFAULT_JOB_KINDS: JobKindSettings = {
  packStepFlux: 25,
  bankImportStepEntries: 500,
  bankImportBackground: { entries: BANK_IMPORT_BACKGROUND_ENTRIES, bytes: BANK_IMPORT_BACKGROUND_BYTES },
  remindersBackgroundAbove: REMINDERS_BACKGROUND_ABOVE,
};

/** The services the job kinds work through, shared with the routes that start them. */
interface JobServices {
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
function createJobs(app: FastifyInstance, options: AppOptions, services: JobServices): JobRuntime {
  const database = options.database;
  // On PGlite a step's transaction holds the embedded database: short ones let others in between (R-OPS-10).
  const stepEntries = options.ledgerStepEntries ?? (database.kind === 'pglite' ? 200 : 20_000);
  const stageDays = options.ledgerStageDays ?? (database.kind === 'pglite' ? 2 : undefined);
  const sizes = { ...DEFAULT_JOB_KINDS, ...options.jobKinds };
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
  ] as unknown as JobKind<never, never>[];
  const jobs = createJobRuntime(database, kinds, options.jobs, {
    info: (details, message) => app.log.info(details, message),
    error: (details, message) => app.log.error(details, message),
  });
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
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}

export interface LoginThrottleOptions {
  /** Redis key prefix (tests use their own). */
  redisPrefix?: string;
  /** Tests: the clock, and a throttle to drive directly. */
  now?: () => number;
  throttle?: LoginThrottle;
}

/** Plugins then modules; no listen() so tests drive it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const connections = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxySetting(options.trustProxy),
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: false } },
    // The router's own refusals (an address that is not UTF-8), in French like every other.
    frameworkErrors: frameworkErrorHandler,
    // A request reaching a closing server was accepted before the listening socket closed: it
    // is served (a POST must not fail; GET and HEAD drained first, R-OPS-12), not answered 503.
    return503OnClosing: false,
    ...fastifyConnectionOptions(connections),
  });
  capConnections(app.server, connections);
  if (options.tracing) await registerTracing(app, options.tracing);
  if (options.diskFilesToMove) await moveDiskFilesIntoDatabase(options.database, options.diskFilesToMove, app.log);
  const redis = options.redisUrl ? new (await import('ioredis')).Redis(options.redisUrl) : undefined;
  const places = createSharedLimits(options.database, {
    redis,
    redisPrefix: options.placesRedisPrefix,
    onError: (error) => app.log.warn({ err: error }, 'place partagée non renouvelée ou non rendue'),
  });
  app.addHook('onClose', async () => {
    await places.close();
    await redis?.quit().catch(() => undefined);
  });
  const tokens = createTokenService(options.jwtSecret, options.accessTokenLifetimeSeconds);
  const throttleOptions = options.loginRateLimit ?? {};
  const throttle =
    throttleOptions === false
      ? undefined
      : (throttleOptions.throttle ??
        createLoginThrottle(
          redis
            ? createRedisThrottleStore(redis, throttleOptions.redisPrefix)
            : createPostgresThrottleStore(priorityLane(options.database)),
          throttleOptions.now,
        ));
  // Logins, refreshes and every request's session check never wait behind heavy work (R-OPS-10).
  const auth = createAuthService(priorityLane(options.database), tokens, {
    throttle,
    sessions: { ...DEFAULT_SESSION_SETTINGS, ...options.sessions },
    onSecurityEvent: (event) => app.log.warn({ event }, 'sécurité de connexion'),
  });

  registerErrorHandler(app);
  // First hook: refusals (401, 403) carry the security headers too.
  registerSecurityHeaders(app, { frameAncestors: options.frameAncestors });
  if (options.drain) registerDrain(app, options.drain);
  registerAuth(app, auth);
  const metrics = options.metrics ? registerMetrics(app, options.database, options.metrics) : undefined;
  registerBusinessEvents(app, metrics?.businessEvents);
  // With a read replica: a user's reads see their own writes (ADR 0052).
  registerReadYourWrites(app, options.database);
  registerReadCacheInvalidation(app, options.database);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Gestion des finances — API REST', version: '1.0.0' } },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerHealthRoutes(app, options.database);
  registerAuthRoutes(app, auth);
  registerMeRoutes(app);
  registerAddressesRoutes(app, options.database);
  registerDepartementsRoutes(app, options.database);
  registerLicencesRoutes(app, options.database);
  await registerFilesRoutes(app, options);
  registerStructureDocumentsRoutes(app, options.database);
  registerStructuresRoutes(app, options.database);
  registerStructureRibsRoutes(app, options.database);
  registerStructureStatusRoutes(app, options.database);
  // Documents render in worker threads, heavy requests take a place of the process's fair gate (R-OPS-08, R-OPS-09).
  const renderer = createRenderPool(options.renderThreads ?? renderThreadsSetting());
  app.addHook('onClose', () => renderer.close());
  const heavyWork = createHeavyWork({ ...heavyWorkLimits(renderer.threads), ...options.heavyWork });
  app.decorate('heavyWork', heavyWork);
  const issuance = { creditorIdentifier: creditorIdentifier(options.sepa?.ics), renderer, heavyWork };
  const statements = createAccountStatementService(options.database, undefined, {
    ...options.accountStatements,
    renderer,
    heavyWork,
  });
  const impayes = createImpayesService(options.database, undefined, renderer);
  const mailSettings = mailJobSettings(options);
  app.addHook('onClose', () => mailSettings.transport.close());
  let mail: MailService | null = null;
  const jobs = createJobs(app, options, {
    issuance,
    statements,
    impayes,
    mail: { settings: mailSettings, service: () => mail! },
  });
  mail = createMailService(options.database, jobs, createFluxDocumentsService(options.database, issuance));
  registerMailRoutes(app, options.database, mail);
  const jobSizes = { ...DEFAULT_JOB_KINDS, ...options.jobKinds };
  registerFluxDocumentRoutes(app, options.database, issuance);
  registerAccountStatementRoutes(app, options.database, statements, jobs);
  registerImpayesRoutes(app, options.database, undefined, jobs, jobSizes.remindersBackgroundAbove, impayes, mail);
  registerInvoicingRoutes(app, options.database, { issuance, renderer, clock: options.invoicingClock }, jobs, mail);
  registerStructureSituationRoutes(app, options.database);
  registerDocumentPackRoutes(app, options.database, issuance, places, options.documentPacks, jobs);
  registerAccountingSettingsRoutes(app, options.database);
  registerExportsSageRoutes(app, options.database, options.ledgerClock);
  if (metrics) registerJobMetrics(metrics.registry, options.database);
  registerJobsRoutes(app, options.database, jobs);
  registerLedgerRoutes(app, options.database, jobs, options.ledgerClock);
  registerSepaExports(app, options);
  await registerSepaReturnRoutes(app, options.database, issuance);
  await registerBankStatementRoutes(
    app,
    options.database,
    { creditorIban: options.sepa?.creditorIban },
    jobs,
    jobSizes.bankImportBackground,
  );
  await registerGraphql(app, {
    database: options.database,
    issuance,
    directExecution: options.graphqlDirectExecution,
    introspection: options.graphqlIntrospection,
    ...(options.graphqlCachesOff ? { cachesOff: options.graphqlCachesOff } : {}),
    places,
  });

  if (options.staticDir) await registerSpa(app, options.staticDir, { serveSourceMaps: options.serveSourceMaps });
  return app;
}

/** R-MAIL-06: without a transport given, messages go to the outbox folder under DATA_DIR (never sent). */
function mailJobSettings(options: AppOptions): MailJobSettings {
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

/** Fastify's trustProxy: a hop count trusts that many proxies nearest to the server. */
function trustProxySetting(value: AppOptions['trustProxy']): boolean | string | string[] | TrustProxyFunction {
  if (value === undefined) return false;
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

type TrustProxyFunction = (address: string, hop: number) => boolean;
