import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets, type TestDatabase } from '../support/databases';
import { reportRobustness } from '../support/robustness-report';
import { buildTestApp, seedSmall } from '../support/test-app';
import { fuzzRoles, runFuzz, type FuzzReport } from './fuzz-run';

/**
 * R-SEC-01, R-SEC-20: every route of the running app (each REST route from its declaration,
 * each GraphQL root field from the schema) gets random requests, shaped by its schema or
 * hostile, as every demo role, a user without structure and nobody; no answer is a 5xx, no
 * refusal changes a row, every refusal says why in French. A failure names the seed and the
 * request's number: FUZZ_SEED=<graine> FUZZ_REQUESTS=<n> replays the same requests.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3_200);

describe.each(testDatabaseTargets())('route fuzzing on $name (R-SEC-20)', (target) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let report: FuzzReport;

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    app = await buildTestApp(database, { graphqlIntrospection: true });
    await app.ready();
    report = await runFuzz({ app, database, roles: await fuzzRoles(app, database), seed: SEED, requests: REQUESTS });
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it(`sends ${REQUESTS} requests, to every REST route and every GraphQL root field`, () => {
    expect(report.requests).toBe(REQUESTS);
    expect(REQUESTS).toBeGreaterThanOrEqual(3_000);
    const unfuzzed = app.apiRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => (report.routes[route] ?? 0) < 5);
    expect(unfuzzed).toEqual([]);
    expect(report.graphqlFields.length).toBeGreaterThan(10);
    expect(report.graphqlFields.filter((field) => !report.routes[field])).toEqual([]);
  });

  it('gets past the first checks: answers of every kind, not only refusals of the token', () => {
    for (const status of ['200', '400', '401', '403', '404']) expect(report.statuses[status] ?? 0).toBeGreaterThan(0);
    expect(report.statuses['200'] ?? 0).toBeGreaterThan(REQUESTS / 10);
  });

  it('answers no request with a 5xx', () => {
    expect(report.serverErrors).toEqual([]);
  });

  it('changes no row on a refused request', () => {
    expect(report.rowChanges).toEqual([]);
  });

  it('refuses in French, never with an empty or English message', () => {
    expect(report.nonFrench).toEqual([]);
    expect(report.messages.size).toBeGreaterThan(50);
    reportRobustness({
      check: 'fuzzing des routes (REST et GraphQL, tous les rôles)',
      target: target.name,
      cases: report.requests,
      failures: report.serverErrors.length + report.rowChanges.length + report.nonFrench.length,
    });
  });
});
