import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database';
import { registerAuth } from '../../src/plugins/auth';
import { buildTestApp } from './support/test-app';

// R-PERM-10: every route declares its auth, and a test fails if one does not.
// The refresh and logout endpoints work from the httpOnly cookie (and check Origin, not a token).
const PUBLIC_API_ROUTES = [
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/health',
];

describe('route auth declarations', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('refuses to start when an /api route does not declare config.auth', async () => {
    const bare = Fastify();
    registerAuth(bare, {
      login: async () => ({ token: '', expiresAt: '' }),
      refresh: async () => ({ token: '', expiresAt: '' }),
      logout: async () => undefined,
      actorFromToken: async () => null,
    });
    expect(() => bare.get('/api/undeclared', async () => 'x')).toThrow(/doit déclarer config.auth/);
    await bare.close();
  });

  it('only the allow-listed API routes are public', () => {
    const publicRoutes = app.apiRoutes.filter((route) => route.auth === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_API_ROUTES].sort());
  });

  it('answers 401 without a token on every other API route', async () => {
    const protectedRoutes = app.apiRoutes.filter((route) => route.auth === 'user');
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:[^/]+/g, '1');
      const response = await app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
    }
  });
});
