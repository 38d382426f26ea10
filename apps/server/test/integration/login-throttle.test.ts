import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ADDRESS_MAX_FAILURES } from '@gdf/domain';
import type { Database } from '../../src/db/database';
import { buildApp, type AppOptions } from '../../src/app';
import { Redis } from 'ioredis';
import {
  createLoginThrottle,
  createMemoryThrottleStore,
  createRedisThrottleStore,
  type LoginThrottle,
} from '../../src/modules/auth/login-throttle';
import { createPostgresThrottleStore } from '../../src/modules/auth/login-throttle.repository';
import { testDatabaseTargets } from './support/databases';
import { reportRobustness } from './support/robustness-report';
import { TEST_JWT_SECRET, seedSmall } from './support/test-app';

// R-SEC-05, R-SEC-06: login throttling per account and per address, proxies trusted only when configured.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-11-23T08:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe.each(testDatabaseTargets())('login throttling on $name (R-SEC-06)', (target) => {
  let database: Database;
  let redis: Redis;
  const apps: FastifyInstance[] = [];

  async function appWith(options: Partial<AppOptions>): Promise<FastifyInstance> {
    const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, ...options });
    apps.push(app);
    return app;
  }

  const attempt = (app: FastifyInstance, email: string, password: string, extra: Partial<InjectOptions> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, ...extra });

  /** Uses up an address's failures without checking any password (no scrypt: fast). */
  async function exhaustAddress(throttle: LoginThrottle, address: string): Promise<void> {
    for (let index = 0; index < LOGIN_ADDRESS_MAX_FAILURES; index++) {
      const claim = await throttle.begin(`robot${index}@exemple.fr`, address);
      expect('lockedForMs' in claim, `attempt ${index}`).toBe(true);
    }
  }

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis?.quit();
    await database?.close();
  });

  describe.each([
    { store: 'database', redisUrl: undefined },
    { store: 'redis', redisUrl: REDIS_URL },
  ])('$store store', ({ redisUrl }) => {
    const redisPrefix = () => `gdf:test:${randomBytes(6).toString('hex')}:`;
    const throttleOn = (now: () => number) =>
      createLoginThrottle(
        redisUrl ? createRedisThrottleStore(redis, redisPrefix()) : createPostgresThrottleStore(database),
        now,
      );

    it('locks an account after 5 failures, with a growing delay and a French 429 with Retry-After', async () => {
      const clock = manualClock();
      const app = await appWith({ redisUrl, loginRateLimit: { now: clock.now, redisPrefix: redisPrefix() } });
      const codes: number[] = [];
      for (let index = 0; index < 5; index++)
        codes.push((await attempt(app, 'club@demo.fr', `faux${index}`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401]);

      // Locked for 30 s: even the right password is refused without being checked.
      const locked = await attempt(app, 'club@demo.fr', 'demo1234');
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('30');
      expect(locked.json().message).toBe('Trop de tentatives de connexion. Merci de réessayer dans 30 secondes.');

      clock.advance(31_000);
      expect((await attempt(app, 'club@demo.fr', 'encore-faux')).statusCode).toBe(401);
      const longer = await attempt(app, 'club@demo.fr', 'demo1234');
      expect(longer.statusCode).toBe(429);
      expect(longer.headers['retry-after']).toBe('60');
      expect(longer.json().message).toBe('Trop de tentatives de connexion. Merci de réessayer dans 1 minute.');

      // A success clears the count: the next failure is a free one again.
      clock.advance(61_000);
      expect((await attempt(app, 'club@demo.fr', 'demo1234')).statusCode).toBe(200);
      expect((await attempt(app, 'club@demo.fr', 'faux')).statusCode).toBe(401);
      expect((await attempt(app, 'club@demo.fr', 'demo1234')).statusCode).toBe(200);
    });

    it('lets the four free failures through whatever order their clocks arrive in (several instances, R-SEC-21)', async () => {
      const store = redisUrl ? createRedisThrottleStore(redis, redisPrefix()) : createPostgresThrottleStore(database);
      const key = `desordre-${randomBytes(6).toString('hex')}@demo.fr`;
      const base = Date.parse('2026-11-23T13:00:00Z');
      // Requests read their clock, then wait their turn: the later clock may be counted first.
      const claims = [];
      for (const now of [base + 40, base + 10, base + 30, base, base + 20])
        claims.push(await store.claimAccount(key, now));
      expect(claims.map((claim) => 'lockedForMs' in claim)).toEqual([true, true, true, true, true]);
      expect(await store.claimAccount(key, base + 50)).toHaveProperty('retryAfterMs');
    });

    it('throttles an unknown e-mail exactly like a known one (no account enumeration)', async () => {
      const app = await appWith({ redisUrl, loginRateLimit: { redisPrefix: redisPrefix() } });
      const codes: number[] = [];
      for (let index = 0; index < 6; index++) codes.push((await attempt(app, 'personne@demo.fr', 'x')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('refuses an address that reached its ceiling of failures, until its window ends', async () => {
      // A window of its own: the database keeps the failures the tests above counted in theirs.
      const clock = manualClock(Date.parse('2026-11-23T12:00:00Z'));
      const throttle = throttleOn(clock.now);
      const app = await appWith({ loginRateLimit: { throttle } });
      await exhaustAddress(throttle, '127.0.0.1');
      const refused = await attempt(app, 'ligue@demo.fr', 'demo1234');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(
        /^Trop de tentatives de connexion\. Merci de réessayer dans \d+ minutes?\.$/,
      );
      clock.advance(15 * 60_000);
      expect((await attempt(app, 'ligue@demo.fr', 'demo1234')).statusCode).toBe(200);
    });
  });

  it('counts the failures of several processes together through Redis', async () => {
    const redisPrefix = `gdf:test:${randomBytes(6).toString('hex')}:`;
    const first = await appWith({ redisUrl: REDIS_URL, loginRateLimit: { redisPrefix } });
    const second = await appWith({ redisUrl: REDIS_URL, loginRateLimit: { redisPrefix } });
    for (let index = 0; index < 3; index++) expect((await attempt(first, 'comite@demo.fr', 'x')).statusCode).toBe(401);
    for (let index = 0; index < 2; index++) expect((await attempt(second, 'comite@demo.fr', 'x')).statusCode).toBe(401);
    expect((await attempt(first, 'comite@demo.fr', 'demo1234')).statusCode).toBe(429);
  });

  it('replays the probe: 50 guesses, a new X-Forwarded-For each, check 5 passwords at most', async () => {
    const app = await appWith({});
    const codes: number[] = [];
    for (let index = 0; index < 50; index++) {
      const forged = { headers: { 'x-forwarded-for': `198.51.100.${index + 1}` } };
      codes.push((await attempt(app, 'club.bloque@demo.fr', `essai${index}`, forged)).statusCode);
    }
    const checked = codes.filter((code) => code !== 429).length;
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(checked).toBe(5);
    reportRobustness({
      check: 'mots de passe essayés avec un X-Forwarded-For forgé (au-delà de 5)',
      target: target.name,
      cases: codes.length,
      failures: checked - 5,
    });
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const forged = { headers: { 'x-forwarded-for': '203.0.113.9' } };
    const untrusting = createLoginThrottle(createMemoryThrottleStore());
    const direct = await appWith({ loginRateLimit: { throttle: untrusting } });
    await exhaustAddress(untrusting, '127.0.0.1');
    // A new X-Forwarded-For per request changes nothing: the peer's address is the one counted.
    expect((await attempt(direct, 'siege@demo.fr', 'demo1234', forged)).statusCode).toBe(429);

    const trusting = createLoginThrottle(createMemoryThrottleStore());
    const behindProxy = await appWith({ trustProxy: '127.0.0.1', loginRateLimit: { throttle: trusting } });
    await exhaustAddress(trusting, '127.0.0.1');
    // The proxy (127.0.0.1) is trusted: the client is 203.0.113.9, whose count is untouched.
    expect((await attempt(behindProxy, 'siege@demo.fr', 'demo1234', forged)).statusCode).toBe(200);
    // A proxy that is not listed is not believed.
    const otherProxy = await appWith({ trustProxy: ['10.0.0.1'], loginRateLimit: { throttle: trusting } });
    expect((await attempt(otherProxy, 'siege@demo.fr', 'demo1234', forged)).statusCode).toBe(429);
  });

  it('signs in 100 colleagues behind one address after 300 typos there, without any 429', async () => {
    const [{ hash }] = (await database.query<{ hash: string }>(
      `SELECT "MotDePasseHash" AS hash FROM "UTI_Login" WHERE "Email" = 'club@demo.fr'`,
    )) as [{ hash: string }];
    await database.query(
      `WITH people AS (
         INSERT INTO "UTI_Utilisateur" ("CT_Nom", "CT_Prenom")
         SELECT 'Collègue ' || n, 'Bureau' FROM generate_series(1, 100) n RETURNING id, "CT_Nom"
       )
       INSERT INTO "UTI_Login" ("ID_Utilisateur", "Email", "MotDePasseHash")
       SELECT id, 'collegue' || substr("CT_Nom", 10) || '@bureau.fr', $1 FROM people`,
      [hash],
    );
    const throttle = createLoginThrottle(createMemoryThrottleStore());
    const app = await appWith({ loginRateLimit: { throttle } });
    // A bad morning: every one of them mistyped three times (counted without scrypt, to stay fast).
    for (let index = 1; index <= 300; index++) {
      expect('lockedForMs' in (await throttle.begin(`collegue${(index % 100) + 1}@bureau.fr`, '127.0.0.1'))).toBe(true);
    }
    const codes = new Map<number, number>();
    for (let index = 1; index <= 100; index++) {
      const { statusCode } = await attempt(app, `collegue${index}@bureau.fr`, 'demo1234');
      codes.set(statusCode, (codes.get(statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(codes)).toEqual({ 200: 100 });
  }, 120_000);
});
