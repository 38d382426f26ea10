import path from 'node:path';
import { buildApp } from './app';
import { createMailTransport } from './modules/mail/mail-transport';
import { connectionLimitsOf, readEnvironment, type Environment } from './config';
import { openDatabase } from './db/database';
import { dataDir, defaultPgliteDir, repositoryRoot } from './db/paths';
import { readPostgresSettings, settingsWarnings } from './db/postgres-settings';
import { loadOrCreateSecret } from './lib/secrets';
import { parseAllowList } from './lib/safe-fetch';
import { sourceMappedErrorSerializer } from './lib/source-stack';
import { parseCachesOff } from './graphql/execution/caches';
import { sharedLimitsNotice } from './lib/shared-limits/shared-limits';
import { createDrain, SHUTDOWN_LIMIT_MS } from './lib/drain';

const env = readConfiguration();
const embedded = !env.DATABASE_URL;
const startedAt = performance.now();
const drain = createDrain();

if (!embedded && !env.JWT_SECRET) {
  console.error('JWT_SECRET est obligatoire avec DATABASE_URL (au moins 32 caractères).');
  process.exit(1);
}

const database = await openDatabase(
  env.DATABASE_URL
    ? {
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        readPoolSize: env.DATABASE_READ_POOL_SIZE,
        priorityPoolSize: env.DATABASE_PRIORITY_POOL_SIZE,
        poolWaitMs: env.DATABASE_POOL_WAIT_MS,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        readTimeoutMs: env.DATABASE_READ_TIMEOUT_MS,
        ...(env.DATABASE_READ_URL
          ? { readUrl: env.DATABASE_READ_URL, readMaxLagMs: env.DATABASE_READ_MAX_LAG_MS }
          : {}),
      }
    : { dataDir: defaultPgliteDir() },
);
const postgresSettings = await readPostgresSettings(database);
for (const warning of postgresSettings ? settingsWarnings(postgresSettings) : [])
  console.warn(`Attention : ${warning}`);

// R-MAIL-06: through SMTP_URL, or written to the outbox folder and never sent (the start-up says which).
const mailTransport = createMailTransport({
  ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
  outboxDir: env.MAIL_OUTBOX_DIR ? path.resolve(env.MAIL_OUTBOX_DIR) : path.join(dataDir(), 'outbox'),
});

const app = await buildApp({
  database,
  mail: {
    transport: mailTransport,
    from: env.MAIL_FROM,
    retryLimit: env.MAIL_RETRY_LIMIT,
    retryDelaySeconds: env.MAIL_RETRY_DELAY_SECONDS,
  },
  jwtSecret: env.JWT_SECRET ?? (await loadOrCreateSecret(dataDir())),
  logger: {
    level: env.LOG_LEVEL,
    // No token travels in a URL any more; an old link or a script may still send one: never log it.
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: request.url.replace(/([?&]access_token=)[^&]*/g, '$1[masqué]'),
      }),
      // Stacks point at the TypeScript sources, without --enable-source-maps (ADR 0042).
      err: sourceMappedErrorSerializer(),
    },
  },
  staticDir: path.join(repositoryRoot(), 'apps', 'web', 'dist'),
  serveSourceMaps: env.NODE_ENV === 'development',
  urlFetchAllowList: parseAllowList(env.FILE_URL_ALLOWLIST),
  uploadQuota: { filesPerDay: env.UPLOAD_QUOTA_FILES_PER_DAY, bytesPerDay: env.UPLOAD_QUOTA_MB_PER_DAY * 1024 * 1024 },
  documentPacks: { concurrentPacks: env.DOCUMENT_PACKS_CONCURRENT },
  diskFilesToMove: diskFileDirectories(env.FILES_DIR),
  ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
  ...(env.TRUST_PROXY !== undefined ? { trustProxy: env.TRUST_PROXY } : {}),
  drain,
  accessTokenLifetimeSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
  sessions: { lifetimeSeconds: env.SESSION_TTL_SECONDS },
  graphqlCachesOff: parseCachesOff(env.BENCH_CACHES_OFF),
  connections: connectionLimitsOf(env),
  // Jobs left waiting or cut short by a stop resume with the server (R-JOB-02).
  jobs: { startWorkers: true },
  // Flux created before documents were issued with their flux (R-DOC-01) are issued by one job
  // for the whole fleet, a range of ids per step, resumed at the next start (R-JOB-08).
  issuanceBackfill: true,
  monthlyRecapSchedule: env.MONTHLY_RECAP_SCHEDULE === 'on',
  metrics: { allow: env.METRICS_ALLOW, ...(env.METRICS_TOKEN ? { token: env.METRICS_TOKEN } : {}) },
  ...(env.OTEL_EXPORTER_OTLP_ENDPOINT ? { tracing: { endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT } } : {}),
  sepa: {
    ics: env.SEPA_CREDITOR_ICS,
    sequenceType: env.SEPA_SEQUENCE_TYPE,
    minLeadDays: env.SEPA_MIN_LEAD_DAYS,
    ...(env.SEPA_CREDITOR_NAME ? { creditorName: env.SEPA_CREDITOR_NAME } : {}),
    ...(env.SEPA_CREDITOR_IBAN ? { creditorIban: env.SEPA_CREDITOR_IBAN } : {}),
    ...(env.SEPA_CREDITOR_BIC ? { creditorBic: env.SEPA_CREDITOR_BIC } : {}),
  },
});

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info({ mode: mailTransport.mode, cible: mailTransport.target }, mailNotice());
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);

console.log(`
Gestion des finances est prête en ${seconds} s (${database.kind}) :

    http://${shownHost}:${port}/

${sharedLimitsNotice({ redis: Boolean(env.REDIS_URL), database: database.kind })}${readReplicaNotice(database)}
${mailNotice()}
`);

/** R-MAIL-06: where the e-mails go. */
function mailNotice(): string {
  return mailTransport.mode === 'smtp'
    ? `E-mails : envoyés par SMTP (${mailTransport.target}), expéditeur ${env.MAIL_FROM}.`
    : `E-mails : SMTP_URL absent, aucun e-mail n’est envoyé ; chacun est écrit dans ${mailTransport.target}.`;
}

/** With DATABASE_READ_URL, a line saying whether the replica serves the reads now (ADR 0052). */
function readReplicaNotice(opened: typeof database): string {
  const status = opened.readReplica?.status();
  if (!status) return '';
  return status.usable
    ? '\nLectures : réplique de lecture en service (GraphQL, relevés, Impayés).'
    : `\nAttention : ${status.reason ?? ''}`;
}

/** The environment, or a clear French message and exit 1 (e.g. SEPA_CREDITOR_ICS missing on PostgreSQL). */
function readConfiguration(): Environment {
  try {
    return readEnvironment();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** Where versions before ADR 0010 wrote files: FILES_DIR (default DATA_DIR/files), and sepa/ beside or under it. */
function diskFileDirectories(filesDir: string | undefined) {
  return filesDir
    ? { filesDir: path.resolve(filesDir), sepaDir: path.join(path.resolve(filesDir), 'sepa') }
    : { filesDir: path.join(dataDir(), 'files'), sepaDir: path.join(dataDir(), 'sepa') };
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'arrêt en cours');
  const timer = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS);
  timer.unref();
  // Behind a load balancer: GET and HEAD sent elsewhere until connections stop coming, then the
  // listening socket closes with no accepted connection left unread (R-OPS-12).
  drain.begin();
  await drain.settled(app.server);
  // Node keeps a connection open after its last answer until its keep-alive timeout (72 s), which
  // would hold the close that long: each is closed as soon as it is idle, its answer sent.
  setInterval(() => app.server.closeIdleConnections(), 100).unref();
  try {
    await app.close(); // stops accepting, lets in-flight requests finish
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "échec de l'arrêt propre");
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Started by scripts/start.mjs (an IPC channel): if it dies without forwarding a signal (SIGKILL),
// the server stops too rather than keep listening out of the service manager's reach.
process.on('disconnect', () => void shutdown('disconnect'));
