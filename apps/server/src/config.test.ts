import { describe, expect, it } from 'vitest';
import { readEnvironment } from './config';

describe('TRUST_PROXY (R-SEC-05: proxy headers believed only from configured proxies)', () => {
  it('trusts no proxy by default', () => {
    expect(readEnvironment({}).TRUST_PROXY).toBeUndefined();
    expect(readEnvironment({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(readEnvironment({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBeUndefined();
  });

  it('reads a hop count or a list of addresses and CIDRs', () => {
    expect(readEnvironment({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(readEnvironment({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
  });

  it('refuses "true", which would believe any client', () => {
    expect(() => readEnvironment({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*nombre de sauts/);
  });

  it('defaults to 10-minute access tokens and 8-hour sessions', () => {
    const env = readEnvironment({});
    expect(env.ACCESS_TOKEN_TTL_SECONDS).toBe(600);
    expect(env.SESSION_TTL_SECONDS).toBe(28_800);
  });
});

describe('SEPA settings that cannot go wrong in production (R-SEPA-07)', () => {
  const production = { DATABASE_URL: 'postgres://gdf@db.example:5432/gdf' };

  it('keeps the demo ICS for the embedded database only', () => {
    expect(readEnvironment({}).SEPA_CREDITOR_ICS).toBe('FR72ZZZ123456');
  });

  it('refuses to start on PostgreSQL without SEPA_CREDITOR_ICS, or with the demo one, naming the variable', () => {
    expect(() => readEnvironment(production)).toThrow(
      /Configuration invalide : SEPA_CREDITOR_ICS: obligatoire avec DATABASE_URL .*FR72ZZZ123456 est refusé/,
    );
    expect(() => readEnvironment({ ...production, SEPA_CREDITOR_ICS: 'fr72 zzz 123456' })).toThrow(/SEPA_CREDITOR_ICS/);
  });

  it('starts on PostgreSQL with the ICS the bank gave', () => {
    expect(readEnvironment({ ...production, SEPA_CREDITOR_ICS: 'FR19ZZZ654321' }).SEPA_CREDITOR_ICS).toBe(
      'FR19ZZZ654321',
    );
  });

  it('reads SEPA_MIN_LEAD_DAYS as 1 to 10 TARGET days, 1 by default (EPC SDD Core D-1)', () => {
    expect(readEnvironment({}).SEPA_MIN_LEAD_DAYS).toBe(1);
    expect(readEnvironment({ SEPA_MIN_LEAD_DAYS: '2' }).SEPA_MIN_LEAD_DAYS).toBe(2);
    for (const wrong of ['0', '11', '1.5', 'deux']) {
      expect(() => readEnvironment({ SEPA_MIN_LEAD_DAYS: wrong }), wrong).toThrow(/SEPA_MIN_LEAD_DAYS/);
    }
  });
});

describe('who may read the metrics (R-OPS-01)', () => {
  it('reads METRICS_ALLOW as addresses and networks, none by default', () => {
    expect(readEnvironment({}).METRICS_ALLOW).toEqual([]);
    expect(readEnvironment({ METRICS_ALLOW: ' 10.0.0.0/8, ::1 ,192.168.1.20' }).METRICS_ALLOW).toEqual([
      '10.0.0.0/8',
      '::1',
      '192.168.1.20',
    ]);
  });

  it('refuses to start with an unreadable entry or a short token, in French, naming the variable', () => {
    for (const wrong of ['prometheus.local', '10.0.0.0/33', '10.0.0.1/8/2', 'fd00::/129']) {
      expect(() => readEnvironment({ METRICS_ALLOW: wrong }), wrong).toThrow(
        /METRICS_ALLOW: adresse ou réseau illisible/,
      );
    }
    expect(() => readEnvironment({ METRICS_TOKEN: 'court' })).toThrow(/METRICS_TOKEN doit faire au moins 16/);
  });
});

describe('read replica settings (R-OPS-05: PostgreSQL only)', () => {
  const production = {
    DATABASE_URL: 'postgres://gdf@db.example:5432/gdf',
    SEPA_CREDITOR_ICS: 'FR19ZZZ654321',
  };

  it('reads DATABASE_READ_URL with DATABASE_URL, the lag bound 5 s by default', () => {
    const env = readEnvironment({ ...production, DATABASE_READ_URL: 'postgres://gdf@replica.example:5432/gdf' });
    expect(env.DATABASE_READ_URL).toBe('postgres://gdf@replica.example:5432/gdf');
    expect(env.DATABASE_READ_MAX_LAG_MS).toBe(5_000);
    expect(readEnvironment({ ...production, DATABASE_READ_MAX_LAG_MS: '20000' }).DATABASE_READ_MAX_LAG_MS).toBe(20_000);
  });

  it('refuses a replica for the embedded database, in French, naming the variable', () => {
    expect(() => readEnvironment({ DATABASE_READ_URL: 'postgres://gdf@replica.example:5432/gdf' })).toThrow(
      /Configuration invalide : DATABASE_READ_URL: une réplique de lecture ne sert qu’avec DATABASE_URL \(PostgreSQL\)/,
    );
  });
});

describe('PostgreSQL pool settings: every variable parsed by the configuration, never a NaN', () => {
  it('defaults to the README values', () => {
    const env = readEnvironment({});
    expect([
      env.DATABASE_POOL_SIZE,
      env.DATABASE_READ_POOL_SIZE,
      env.DATABASE_PRIORITY_POOL_SIZE,
      env.DATABASE_POOL_WAIT_MS,
      env.DATABASE_STATEMENT_TIMEOUT_MS,
      env.DATABASE_READ_TIMEOUT_MS,
    ]).toEqual([20, 10, 4, 5_000, 30_000, 5_000]);
  });

  it('reads whole numbers and refuses a typo, naming the variable', () => {
    expect(readEnvironment({ DATABASE_POOL_SIZE: '40' }).DATABASE_POOL_SIZE).toBe(40);
    expect(() => readEnvironment({ DATABASE_POOL_SIZE: '4O' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => readEnvironment({ DATABASE_POOL_WAIT_MS: '0' })).toThrow(/DATABASE_POOL_WAIT_MS/);
  });
});
