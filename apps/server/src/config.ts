import { isIP } from 'node:net';
import { z } from 'zod';
import { DEMO_SEPA_ICS } from './modules/exports-sepa/sepa-settings';
import type { ConnectionLimits } from './lib/connection-limits';

/** Environment variables (documented in the README). Parsed once, at start-up. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /** A streaming replica of DATABASE_URL for reads (ADR 0052); PostgreSQL only. */
  DATABASE_READ_URL: z.string().url().optional(),
  /** Replay lag beyond which the replica is not read, until it catches up (R-OPS-07). */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** PostgreSQL pools (README, ADR 0008, 0053): main, GraphQL reads, priority (health, logins, session checks). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_READ_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_PRIORITY_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  /** Longest wait for a free connection before a French 503 (ms). */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Statement timeouts of the main pool and of the GraphQL reads (ms). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  DATABASE_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  DATA_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET doit faire au moins 32 caractères').optional(),
  REDIS_URL: z.string().url().optional(),
  /**
   * Proxies whose X-Forwarded-For/-Proto/-Host are believed: a hop count, or addresses and
   * CIDRs (comma-separated; also loopback, linklocal, uniquelocal). Unset: none, the peer's
   * address is the client's (a forged X-Forwarded-For changes nothing).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const text = value?.trim() ?? '';
      if (text === '' || text === 'false') return undefined;
      if (/^\d+$/.test(text)) return Number(text);
      if (text === 'true' || text === '*') {
        context.addIssue({
          code: 'custom',
          message: 'donner les adresses des proxies ou un nombre de sauts, pas true',
        });
        return z.NEVER;
      }
      return text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(30 * 24 * 3600)
    .default(8 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z.enum(['auto', 'never']).default('auto'),
  SEED_FLUX: z.coerce.number().int().min(0).default(50_000),
  SEED_SCALE: z.enum(['full', 'small']).default('full'),
  /** R-RECAP-05: each month's recaps issued by a job the first day after; 'off' for a bench or a test run. */
  MONTHLY_RECAP_SCHEDULE: z.enum(['on', 'off']).default('on'),
  /** Host names POST /api/files/create-from-url may fetch (comma-separated); empty refuses every URL. */
  FILE_URL_ALLOWLIST: z.string().default(''),
  /** Document packs built at once by every server process together, one per user (R-DOC-08, ADR 0049). */
  DOCUMENT_PACKS_CONCURRENT: z.coerce.number().int().min(1).max(100).default(3),
  /** Upload quota per structure and Europe/Paris day: files, and megabytes. */
  UPLOAD_QUOTA_FILES_PER_DAY: z.coerce.number().int().min(1).default(200),
  UPLOAD_QUOTA_MB_PER_DAY: z.coerce.number().int().min(1).default(200),
  /** Where versions before ADR 0010 stored uploaded files (moved into the database at start-up); default <DATA_DIR>/files. */
  FILES_DIR: z.string().optional(),
  /** SEPA direct-debit creditor; name, IBAN and BIC default to the head office's (1318) RIB. */
  SEPA_CREDITOR_NAME: z.string().min(1).max(70).optional(),
  SEPA_CREDITOR_IBAN: z.string().min(15).max(34).optional(),
  SEPA_CREDITOR_BIC: z.string().min(8).max(11).optional(),
  /**
   * Identifiant Créancier SEPA given by the bank; required with DATABASE_URL (production), where the
   * demo identifier is refused; embedded (PGlite) default: the demo one (valid check digits).
   */
  SEPA_CREDITOR_ICS: z.string().optional(),
  SEPA_SEQUENCE_TYPE: z.enum(['FRST', 'RCUR', 'OOFF', 'FNAL']).default('RCUR'),
  /** TARGET days between generating a file and its collection date: EPC SDD Core D-1, banks often ask D-2. */
  SEPA_MIN_LEAD_DAYS: z.coerce.number().int().min(1).max(10).default(1),
  /**
   * Connections of one process: headers must arrive within HTTP_HEADERS_TIMEOUT_SECONDS, the
   * whole request within HTTP_REQUEST_TIMEOUT_SECONDS, an idle keep-alive socket is closed after
   * HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, and at most HTTP_MAX_CONNECTIONS sockets are open at once.
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(72),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Bearer token Prometheus sends to read GET /metrics (at least 16 characters). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN doit faire au moins 16 caractères').optional(),
  /** Addresses and CIDRs that may read GET /metrics without the token (comma-separated). */
  METRICS_ALLOW: z
    .string()
    .default('')
    .transform((text, context) => {
      const entries = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const unreadable = entries.filter((entry) => !isAddressOrNetwork(entry));
      if (unreadable.length > 0)
        context.addIssue({ code: 'custom', message: `adresse ou réseau illisible : ${unreadable.join(', ')}` });
      return entries;
    }),
  /** OTLP/HTTP collector receiving the traces (OpenTelemetry's own variable); unset: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /**
   * R-MAIL-06: the SMTP server documents are e-mailed through (smtp:// or smtps://, credentials in
   * the URL); unset (the embedded default, the demo): messages are written to MAIL_OUTBOX_DIR, never sent.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//i.test(url), 'smtp:// ou smtps:// attendu')
    .optional(),
  /** The sender of every e-mail ('Nom <adresse>' or 'adresse'). */
  MAIL_FROM: z
    .string()
    .min(3)
    .max(200)
    .refine((text) => !/[\r\n]/.test(text), 'une seule ligne')
    .default('Gestion des finances <ne-pas-repondre@localhost>'),
  /** Where messages are written without SMTP_URL; default <DATA_DIR>/outbox. */
  MAIL_OUTBOX_DIR: z.string().optional(),
  /** R-MAIL-04: tries after the first, the first after MAIL_RETRY_DELAY_SECONDS, then doubling (default about 2 h in all). */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** For the bench only: GraphQL caches to switch off, comma-separated (graphql/execution/caches.ts). */
  BENCH_CACHES_OFF: z.string().default(''),
});

/** '10.0.0.1', '::1', '10.0.0.0/8' or 'fd00::/8': an address, or a network with a prefix its family allows. */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const isDemoIcs = (ics: string) => ics.replace(/\s+/g, '').toUpperCase() === DEMO_SEPA_ICS;

/** A production database (DATABASE_URL) never sends files under the demo creditor identifier. */
const environmentRules = environmentSchema
  .superRefine((env, context) => {
    if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS) {
      context.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_SECONDS'],
        message: 'ne doit pas dépasser HTTP_REQUEST_TIMEOUT_SECONDS (les en-têtes font partie de la requête)',
      });
    }
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message:
          'une réplique de lecture ne sert qu’avec DATABASE_URL (PostgreSQL) : la base embarquée (PGlite) n’en a pas, retirer DATABASE_READ_URL ou donner DATABASE_URL',
      });
    }
    if (env.DATABASE_URL && (env.SEPA_CREDITOR_ICS === undefined || isDemoIcs(env.SEPA_CREDITOR_ICS))) {
      context.addIssue({
        code: 'custom',
        path: ['SEPA_CREDITOR_ICS'],
        message: `obligatoire avec DATABASE_URL : donner l'identifiant créancier SEPA (ICS) attribué par la banque (l'identifiant de démonstration ${DEMO_SEPA_ICS} est refusé)`,
      });
    }
  })
  .transform((env) => ({ ...env, SEPA_CREDITOR_ICS: env.SEPA_CREDITOR_ICS ?? DEMO_SEPA_ICS }));

export type Environment = z.infer<typeof environmentRules>;

/** The connection bounds of `env`, as buildApp takes them. */
export function connectionLimitsOf(env: Environment): ConnectionLimits {
  return {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    maxConnections: env.HTTP_MAX_CONNECTIONS,
  };
}

export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const parsed = environmentRules.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Configuration invalide : ${details}`);
  }
  return parsed.data;
}
