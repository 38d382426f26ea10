import type { FastifyServerOptions } from 'fastify';
import {
  BANK_IMPORT_BACKGROUND_BYTES,
  BANK_IMPORT_BACKGROUND_ENTRIES,
  REMINDERS_BACKGROUND_ABOVE,
  type UploadQuota,
} from '@gdf/domain';
import type { Database } from './db/database';
import type { GraphqlCache } from './graphql/execution/caches';
import type { FairGateLimits } from './lib/heavy-work/fair-gate';
import type { ConnectionLimits } from './lib/connection-limits';
import type { Drain } from './lib/drain';
import type { SafeFetchPolicy } from './lib/safe-fetch';
import type { AccountStatementSettings } from './modules/account-statement/account-statement.service';
import type { LoginThrottle } from './modules/auth/login-throttle';
import type { SessionSettings } from './modules/auth/auth.service';
import type { BankImportBackground } from './modules/bank-statements/bank-import-job';
import type { DiskFileDirectories } from './modules/document-store/move-disk-files';
import type { DocumentPackOptions } from './modules/flux-document-packs/document-pack.service';
import type { JobsSettings } from './modules/jobs/job-runtime';
import type { MailJobSettings } from './modules/mail/mail-job';
import type { SepaSettings } from './modules/exports-sepa/sepa-settings';
import type { MetricsAccess } from './plugins/metrics';
import type { TracingOptions } from './plugins/tracing';

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
  /** Enqueue the month before's 'Récapitulatif mensuel' job every hour, once per month for the fleet (the server; R-RECAP-05). */
  monthlyRecapSchedule?: boolean;
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

export const DEFAULT_JOB_KINDS: JobKindSettings = {
  packStepFlux: 25,
  bankImportStepEntries: 500,
  bankImportBackground: { entries: BANK_IMPORT_BACKGROUND_ENTRIES, bytes: BANK_IMPORT_BACKGROUND_BYTES },
  remindersBackgroundAbove: REMINDERS_BACKGROUND_ABOVE,
};

interface LoginThrottleOptions {
  /** Redis key prefix (tests use their own). */
  redisPrefix?: string;
  /** Tests: the clock, and a throttle to drive directly. */
  now?: () => number;
  throttle?: LoginThrottle;
}
