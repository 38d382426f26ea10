import { SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '@gdf/domain';
import type { Database } from '../../src/db/database';
import { testDatabaseTargets } from './support/databases';
import { TEST_JWT_SECRET, buildTestApp, loginAs, seedSmall } from './support/test-app';

describe.each(testDatabaseTargets())('auth on $name (R-SEC-02)', (target) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('logs in with a demo account and returns a 10-minute access JWT', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Club@Demo.fr ', password: 'demo1234' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { token: string; expiresAt: string };
    expect(body.token.split('.')).toHaveLength(3);
    const lifetimeMinutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(lifetimeMinutes).toBeGreaterThan(9.9);
    expect(lifetimeMinutes).toBeLessThanOrEqual(10);
  });

  it('rejects a wrong password, and an unknown e-mail, with the same French 401', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'club@demo.fr', password: 'nope' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@demo.fr', password: 'demo1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Adresse e-mail ou mot de passe incorrect.');
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('answers 400 with a message to a malformed body', async () => {
    for (const payload of [{}, { email: 'pas-un-email', password: 'x' }, { email: 'club@demo.fr' }, 'texte']) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/invalide/);
    }
  });

  it('GET /api/me returns the user, memberships and module permissions', async () => {
    const token = await loginAs(app, 'siege@demo.fr');
    const response = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const me = response.json() as MeResponse;
    expect(me.user.email).toBe('siege@demo.fr');
    expect(me.isSuperAdmin).toBe(false);
    expect(me.memberships).toEqual([
      expect.objectContaining({
        structureId: 1318,
        structureType: 7,
        role: { slug: 'administrateur_si', name: 'Administrateur SI' },
      }),
    ]);
    expect(me.permissions['1318']).toContain('export__sepa');
  });

  it('marks the super administrator', async () => {
    const token = await loginAs(app, 'super.admin@demo.fr');
    const me = (
      await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(me.isSuperAdmin).toBe(true);
  });

  it('answers 401 to a missing, malformed, forged or expired token', async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('gestion-des-finances')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 9 * 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('gestion-des-finances')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const valid = await loginAs(app, 'club@demo.fr');
    const tampered = `${valid.slice(0, -4)}AAAA`;
    for (const authorization of [
      undefined,
      'Bearer',
      'Basic abc',
      'Bearer abc.def.ghi',
      `Bearer ${expired}`,
      `Bearer ${forged}`,
      `Bearer ${tampered}`,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/me',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
    }
  });

  it('leaves the health endpoint public', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: target.name });
  });
});
