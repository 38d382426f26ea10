import { describe, expect, it } from 'vitest';
import { readEnvironment } from './config';

describe('TRUST_PROXY (issue 15: proxy headers believed only from configured proxies)', () => {
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
