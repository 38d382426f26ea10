import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../src/app';
import type { Database } from '../../../src/db/database';
import { openEmptyPglite, seedFromTemplate } from './databases';
import { seedSmallData } from './small-seed';

export { TEST_TODAY } from './small-seed';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
/**
 * A creditor identifier with valid mod-97 check digits (isValidIcs) for servers started on
 * PostgreSQL, which refuse the demo FR72ZZZ123456 (R-SEPA-07).
 */
export const TEST_SEPA_ICS = 'FR19ZZZ654321';
/**
 * The demo data every integration suite starts from (small-seed.ts). A database from a
 * target's open() becomes a copy of the run's seeded template instead of being seeded again.
 */
export async function seedSmall(database: Database): Promise<void> {
  if (!(await seedFromTemplate(database))) await seedSmallData(database);
}

/**
 * Jobs in tests: a request that starts one waits for its end (a loaded machine may take long),
 * so suites read the same answers as before jobs (R-JOB-01); workers look for jobs often.
 */
export const TEST_JOBS = { waitMs: 120_000, pollingSeconds: 0.5 } as const;

export async function buildTestApp(database: Database, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({ database, jwtSecret: TEST_JWT_SECRET, loginRateLimit: false, jobs: TEST_JOBS, ...options });
}

/** Signs in through the JSON login and returns the access token (sent as `Authorization: Bearer`). */
export async function loginAs(app: FastifyInstance, email: string, password = 'demo1234'): Promise<string> {
  return (await loginSession(app, email, password)).token;
}

/** The Origin of a page of the app as inject() addresses it (Host: localhost:80). */
export const APP_ORIGIN = 'http://localhost';

/** Signs in and returns the access token and the refresh cookie ("gdf_session=..."). */
export async function loginSession(
  app: FastifyInstance,
  email: string,
  password = 'demo1234',
): Promise<{ token: string; cookie: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
  return { token: (response.json() as { token: string }).token, cookie: refreshCookieOf(response.headers) };
}

/** "gdf_session=<value>" from a response's Set-Cookie (empty when it sets none). */
export function refreshCookieOf(headers: Record<string, unknown>): string {
  const setCookie = [headers['set-cookie'] ?? []].flat().map(String);
  const found = setCookie.find((value) => value.startsWith('gdf_session='));
  return found ? (found.split(';')[0] as string) : '';
}

/** An app on an empty in-memory database (migrations only), for tests of the HTTP layer. */
export async function openEmptyTestApp(): Promise<{
  database: Database;
  app: FastifyInstance;
  close(): Promise<void>;
}> {
  const database = await openEmptyPglite();
  const app = await buildTestApp(database);
  return {
    database,
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
