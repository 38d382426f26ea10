import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Redis } from 'ioredis';
import { createJobs, mailJobSettings } from './app-jobs';
import { DEFAULT_JOB_KINDS, type AppOptions } from './app-options';
import { registerAuth } from './plugins/auth';
import { registerBusinessEvents } from './plugins/business-events';
import { registerReadYourWrites } from './plugins/read-your-writes';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerMetrics } from './plugins/metrics';
import { registerTracing } from './plugins/tracing';
import { registerSpa } from './plugins/spa';
import { DEFAULT_SESSION_SETTINGS, createAuthService, type AuthService } from './modules/auth/auth.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createTokenService } from './modules/auth/token';
import { createLoginThrottle, createRedisThrottleStore } from './modules/auth/login-throttle';
import { createPostgresThrottleStore } from './modules/auth/login-throttle.repository';
import { createSharedLimits } from './lib/shared-limits/shared-limits';
import { createHeavyWork, heavyWorkLimits, type HeavyWork } from './lib/heavy-work/heavy-work';
import { createRenderPool, renderThreadsSetting } from './render/render-pool';
import { priorityLane } from './db/priority-lane';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerMeRoutes } from './modules/me/me.routes';
import { registerFluxDocumentRoutes } from './modules/flux-documents/flux-documents.routes';
import { registerAccountStatementRoutes } from './modules/account-statement/account-statement.routes';
import { createAccountStatementService } from './modules/account-statement/account-statement.service';
import { registerImpayesRoutes } from './modules/impayes/impayes.routes';
import { registerStatisticsRoutes } from './modules/statistics/statistics.routes';
import { createImpayesService } from './modules/impayes/impayes.service';
import { createFluxDocumentsService } from './modules/flux-documents/flux-documents.service';
import { registerDocumentPackRoutes } from './modules/flux-document-packs/document-pack.routes';
import { registerAddressesRoutes } from './modules/addresses/addresses.routes';
import { registerDepartementsRoutes } from './modules/departements/departements.routes';
import { registerLicencesRoutes } from './modules/licences/licences.routes';
import { registerFilesRoutes } from './modules/files/files.routes';
import { registerStructureDocumentsRoutes } from './modules/structure-documents/structure-documents.routes';
import { registerStructuresRoutes } from './modules/structures/structures.routes';
import { registerStructureRibsRoutes } from './modules/structure-ribs/structure-ribs.routes';
import { registerMonthlyRecapRoutes } from './modules/monthly-recap/monthly-recap.routes';
import { registerStructureSituationRoutes } from './modules/structure-situation/structure-situation.routes';
import { registerStructureStatusRoutes } from './modules/structure-status/structure-status.routes';
import { registerGraphql } from './graphql/graphql.routes';
import { registerReadCacheInvalidation } from './plugins/read-cache-invalidation';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerDrain } from './lib/drain';
import { registerAccountingSettingsRoutes } from './modules/accounting-settings/accounting-settings.routes';
import { registerPayoutRoutes } from './modules/payouts/payouts.routes';
import { registerExportsSageRoutes } from './modules/exports-sage/exports-sage.routes';
import { registerLedgerRoutes } from './modules/ledger/ledger.routes';
import { createMailService, type MailService } from './modules/mail/mail.service';
import { registerMailRoutes } from './modules/mail/mail.routes';
import type { JobRuntime } from './modules/jobs/job-runtime';
import { registerJobsRoutes } from './modules/jobs/jobs.routes';
import { registerJobMetrics } from './modules/jobs/job-metrics';
import { registerSepaExports } from './modules/exports-sepa/register-sepa';
import { registerSepaReturnRoutes } from './modules/sepa-returns/sepa-returns.routes';
import { registerBankStatementRoutes } from './modules/bank-statements/bank-statements.routes';
import { registerInvoicingRoutes } from './modules/invoicing/invoicing.routes';
import { creditorIdentifier } from './modules/exports-sepa/sepa-settings';
import { moveDiskFilesIntoDatabase } from './modules/document-store/move-disk-files';
import { DEFAULT_CONNECTION_LIMITS, capConnections, fastifyConnectionOptions } from './lib/connection-limits';

export type { AppOptions } from './app-options';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's heavy requests (their gate's load: metrics, tests). */
    heavyWork: HeavyWork;
  }
}

/** Plugins then modules; no listen() so tests drive it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createFastify(options);
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
  const auth = createAuth(app, options, redis);
  const metrics = await registerPlugins(app, options, auth, redis);
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
  await registerDocumentModules(app, options, places, metrics);
  if (options.staticDir) await registerSpa(app, options.staticDir, { serveSourceMaps: options.serveSourceMaps });
  return app;
}

function createFastify(options: AppOptions): FastifyInstance {
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
  return app;
}

/** Logins, refreshes and every request's session check never wait behind heavy work (R-OPS-10). */
function createAuth(app: FastifyInstance, options: AppOptions, redis: Redis | undefined): AuthService {
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
  return createAuthService(priorityLane(options.database), tokens, {
    throttle,
    sessions: { ...DEFAULT_SESSION_SETTINGS, ...options.sessions },
    onSecurityEvent: (event) => app.log.warn({ event }, 'sécurité de connexion'),
  });
}

/** The plugins every route runs behind: errors, security headers, drain, auth, metrics, rate limits, OpenAPI. */
async function registerPlugins(
  app: FastifyInstance,
  options: AppOptions,
  auth: AuthService,
  redis: Redis | undefined,
): Promise<ReturnType<typeof registerMetrics> | undefined> {
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
  return metrics;
}

/** Documents render in worker threads, heavy requests take a place of the process's fair gate (R-OPS-08, R-OPS-09). */
function documentSupport(app: FastifyInstance, options: AppOptions) {
  const renderer = createRenderPool(options.renderThreads ?? renderThreadsSetting());
  app.addHook('onClose', () => renderer.close());
  const heavyWork = createHeavyWork({ ...heavyWorkLimits(renderer.threads), ...options.heavyWork });
  app.decorate('heavyWork', heavyWork);
  const issuance = { creditorIdentifier: creditorIdentifier(options.sepa?.ics), renderer, heavyWork };
  return { renderer, heavyWork, issuance };
}

/** The modules that render documents, run jobs or send mail, then GraphQL. */
async function registerDocumentModules(
  app: FastifyInstance,
  options: AppOptions,
  places: ReturnType<typeof createSharedLimits>,
  metrics: ReturnType<typeof registerMetrics> | undefined,
): Promise<void> {
  const { renderer, heavyWork, issuance } = documentSupport(app, options);
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
  registerStatisticsRoutes(app, options.database);
  registerInvoicingRoutes(app, options.database, { issuance, renderer, clock: options.invoicingClock }, jobs, mail);
  registerStructureSituationRoutes(app, options.database);
  registerMonthlyRecapRoutes(app, options.database, jobs);
  registerDocumentPackRoutes(app, options.database, issuance, places, options.documentPacks, jobs);
  await registerAccountingModules(app, options, jobs, metrics);
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
}

/** Accounting settings, SAGE/FEC exports, jobs, the ledger and SEPA exports. */
async function registerAccountingModules(
  app: FastifyInstance,
  options: AppOptions,
  jobs: JobRuntime,
  metrics: ReturnType<typeof registerMetrics> | undefined,
): Promise<void> {
  registerAccountingSettingsRoutes(app, options.database);
  registerExportsSageRoutes(app, options.database, options.ledgerClock);
  if (metrics) registerJobMetrics(metrics.registry, options.database);
  registerJobsRoutes(app, options.database, jobs);
  registerLedgerRoutes(app, options.database, jobs, options.ledgerClock);
  const sepaSettings = registerSepaExports(app, options);
  registerPayoutRoutes(app, options.database, sepaSettings);
}

/** Fastify's trustProxy: a hop count trusts that many proxies nearest to the server. */
function trustProxySetting(value: AppOptions['trustProxy']): boolean | string | string[] | TrustProxyFunction {
  if (value === undefined) return false;
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

type TrustProxyFunction = (address: string, hop: number) => boolean;
