import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { buildApp } from '../../src/app';
import { testDatabaseTargets } from './support/databases';
import {
  APP_ORIGIN,
  TEST_JWT_SECRET,
  buildTestApp,
  loginSession,
  refreshCookieOf,
  seedSmall,
} from './support/test-app';

// R-SEC-03: short access tokens, a rotated refresh cookie, revocation at once.
describe.each(testDatabaseTargets())('sessions on $name (R-SEC-03)', (target) => {
  let database: Database;
  let app: FastifyInstance;
  /** A second process on the same database: no state shared with `app` but the tables. */
  let otherProcess: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    app = await buildTestApp(database);
    otherProcess = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await otherProcess?.close();
    await database?.close();
  });

  const me = (token: string, on = app) =>
    on.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  const refresh = (cookie: string, headers: Record<string, string> = { origin: APP_ORIGIN }) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { ...headers, cookie } });
  const logout = (cookie: string, headers: Record<string, string> = { origin: APP_ORIGIN }) =>
    app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...headers, cookie } });
  const sessionIdOf = (cookie: string) => cookie.split('=')[1]?.split('.')[0];
  /** Pretends the last rotation happened a minute ago, past the grace period. */
  const ageRotation = (cookie: string) =>
    database.query(`UPDATE "UTI_Session" SET "DateRotation" = now() - interval '1 minute' WHERE id = $1`, [
      sessionIdOf(cookie),
    ]);
  const setActive = (email: string, active: boolean) =>
    database.query(`UPDATE "UTI_Login" SET "EST_Actif" = $2 WHERE "Email" = $1`, [email, active]);
  const setCookieHeader = (response: LightMyRequestResponse) => [response.headers['set-cookie'] ?? []].flat().join();

  it('sets the refresh token as an httpOnly, SameSite=Strict cookie scoped to /api/auth', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'club@demo.fr', password: 'demo1234' },
    });
    expect(response.statusCode).toBe(200);
    const cookie = setCookieHeader(response);
    expect(cookie).toMatch(/^gdf_session=[\w-]{22}\.[\w-]{43}; /);
    expect(cookie).toContain('Path=/api/auth');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toMatch(/Max-Age=28[0-9]{3}/); // 8 h = 28,800 s
    expect(cookie).not.toContain('Secure'); // plain http here
    expect(response.json()).not.toHaveProperty('refresh');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookie Secure when a trusted proxy says the page is https', async () => {
    const behindProxy = await buildApp({
      database,
      jwtSecret: TEST_JWT_SECRET,
      loginRateLimit: false,
      trustProxy: '127.0.0.1',
    });
    try {
      const response = await behindProxy.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: 'club@demo.fr', password: 'demo1234' },
      });
      expect(setCookieHeader(response)).toContain('; Secure');
    } finally {
      await behindProxy.close();
    }
  });

  it('rotates the refresh token on each use; the new access token works', async () => {
    const first = await loginSession(app, 'club@demo.fr');
    const renewed = await refresh(first.cookie);
    expect(renewed.statusCode).toBe(200);
    const second = refreshCookieOf(renewed.headers);
    expect(second).toMatch(/^gdf_session=/);
    expect(second).not.toBe(first.cookie);
    expect(sessionIdOf(second)).toBe(sessionIdOf(first.cookie));
    expect((await me(renewed.json().token)).statusCode).toBe(200);
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('lets two tabs refresh at once with the same cookie (grace), one rotation only', async () => {
    const { cookie } = await loginSession(app, 'ligue@demo.fr');
    const [a, b] = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rotatedCookies = [a, b].map((response) => refreshCookieOf(response.headers)).filter(Boolean);
    expect(rotatedCookies).toHaveLength(1);
    expect((await me(a.json().token)).statusCode).toBe(200);
    expect((await me(b.json().token)).statusCode).toBe(200);
    expect((await refresh(rotatedCookies[0] as string)).statusCode).toBe(200);
  });

  it('revokes the whole session when an old refresh token comes back after the grace period', async () => {
    const first = await loginSession(app, 'comite@demo.fr');
    const renewed = await refresh(first.cookie);
    const current = refreshCookieOf(renewed.headers);
    await ageRotation(first.cookie);

    const replay = await refresh(first.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Session expirée ou invalide, merci de vous reconnecter.');
    expect(setCookieHeader(replay)).toMatch(/^gdf_session=; .*Max-Age=0/);
    // The thief's copy and the rightful holder's are both dead now, and so are the access tokens.
    expect((await refresh(current)).statusCode).toBe(401);
    expect((await me(renewed.json().token)).statusCode).toBe(401);
    expect((await me(first.token)).statusCode).toBe(401);
    const [row] = await database.query<{ reason: string }>(
      `SELECT "MotifRevocation" AS reason FROM "UTI_Session" WHERE id = $1`,
      [sessionIdOf(first.cookie)],
    );
    expect(row?.reason).toBe('reutilisation');
  });

  it('a refresh token two rotations old is reuse even within the grace period', async () => {
    const first = await loginSession(app, 'comite@demo.fr');
    const second = refreshCookieOf((await refresh(first.cookie)).headers);
    expect((await refresh(second)).statusCode).toBe(200);
    expect((await refresh(first.cookie)).statusCode).toBe(401);
  });

  it('logout revokes the access token at once, in every process', async () => {
    const session = await loginSession(app, 'club@demo.fr');
    expect((await me(session.token)).statusCode).toBe(200);
    expect((await me(session.token, otherProcess)).statusCode).toBe(200);
    const out = await logout(session.cookie);
    expect(out.statusCode).toBe(204);
    expect(setCookieHeader(out)).toMatch(/^gdf_session=; .*Max-Age=0/);
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await me(session.token, otherProcess)).statusCode).toBe(401);
    expect((await refresh(session.cookie)).statusCode).toBe(401);
  });

  it('logout with the bearer token alone (a script) revokes its session too', async () => {
    const session = await loginSession(app, 'club@demo.fr');
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: APP_ORIGIN, authorization: `Bearer ${session.token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(session.token)).statusCode).toBe(401);
  });

  it('deactivation (by SQL) revokes at once; reactivation does not revive old sessions', async () => {
    const session = await loginSession(app, 'comite@demo.fr');
    expect((await me(session.token)).statusCode).toBe(200);
    expect((await me(session.token, otherProcess)).statusCode).toBe(200); // actor now cached there
    await setActive('comite@demo.fr', false);
    try {
      expect((await me(session.token)).statusCode).toBe(401);
      expect((await me(session.token, otherProcess)).statusCode).toBe(401);
      expect((await refresh(session.cookie)).statusCode).toBe(401);
    } finally {
      await setActive('comite@demo.fr', true);
    }
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await refresh(session.cookie)).statusCode).toBe(401);
    const fresh = await loginSession(app, 'comite@demo.fr');
    expect((await me(fresh.token)).statusCode).toBe(200);
  });

  it('changing the password ends the existing sessions', async () => {
    const session = await loginSession(app, 'siege@demo.fr');
    await database.query(
      `UPDATE "UTI_Login" SET "MotDePasseHash" = "MotDePasseHash" || '' WHERE "Email" = 'siege@demo.fr'`,
    );
    expect((await me(session.token)).statusCode).toBe(200); // same hash: nothing changed
    const [{ hash }] = (await database.query<{ hash: string }>(
      `SELECT "MotDePasseHash" AS hash FROM "UTI_Login" WHERE "Email" = 'siege@demo.fr'`,
    )) as [{ hash: string }];
    await database.query(`UPDATE "UTI_Login" SET "MotDePasseHash" = 'x' WHERE "Email" = 'siege@demo.fr'`);
    await database.query(`UPDATE "UTI_Login" SET "MotDePasseHash" = $1 WHERE "Email" = 'siege@demo.fr'`, [hash]);
    expect((await me(session.token)).statusCode).toBe(401);
  });

  it('refuses refresh and logout from a foreign Origin, or without Origin outside a same-origin fetch', async () => {
    const session = await loginSession(app, 'club@demo.fr');
    const refusedHeaders: Record<string, string>[] = [
      { origin: 'https://pirate.example' },
      { origin: 'http://localhost.pirate.example' },
      { origin: 'null' },
      {},
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refusedHeaders) {
      const refused = await refresh(session.cookie, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().message).toBe('Origine de la requête refusée.');
      expect((await logout(session.cookie, headers)).statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect((await me(session.token)).statusCode).toBe(200); // the refused logout revoked nothing
    const sameOriginFetch = await refresh(session.cookie, { 'sec-fetch-site': 'same-origin' });
    expect(sameOriginFetch.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://pirate.example' },
      payload: { email: 'club@demo.fr', password: 'demo1234' },
    });
    expect(login.statusCode).toBe(403);
  });

  it('answers 401 to a refresh without a cookie or with a malformed one', async () => {
    for (const cookie of [
      '',
      'gdf_session=',
      'gdf_session=abc.def',
      'gdf_session=AAAAAAAAAAAAAAAAAAAAAA.' + 'A'.repeat(43),
    ]) {
      expect((await refresh(cookie)).statusCode, cookie).toBe(401);
    }
  });

  it('accepts no access token in a query string, on any route', async () => {
    const { token } = await loginSession(app, 'club@demo.fr');
    const [flux] = await database.query<{ id: number }>(
      `SELECT f.id FROM "MKP_FluxFinancier" f JOIN "UTI_Login" l ON l."Email" = 'club@demo.fr'
         JOIN "STR_StructureUtilisateur" m ON m."ID_Utilisateur" = l."ID_Utilisateur" AND m."ID_Structure" = f."ID_Structure"
        ORDER BY f.id LIMIT 1`,
    );
    for (const url of [
      `/api/flux/${flux?.id}/facture.pdf?access_token=${token}`,
      `/api/flux/${flux?.id}/releve.pdf?access_token=${token}`,
      `/api/files/structure_document/1?access_token=${token}`,
      `/api/me?access_token=${token}`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const withHeader = await app.inject({
      method: 'GET',
      url: `/api/flux/${flux?.id}/facture.pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withHeader.statusCode).toBe(200);
  });
});
