import { describe, expect, it } from 'vitest';
import {
  LOGIN_ADDRESS_MAX_FAILURES,
  LOGIN_MAX_DELAY_MS,
  accountLockDelayMs,
  addressBlocked,
  loginRetryMessage,
} from './login-throttle';

describe('login throttle policy', () => {
  it('lets the first four failures of an account through without delay (typos)', () => {
    expect([1, 2, 3, 4].map(accountLockDelayMs)).toEqual([0, 0, 0, 0]);
  });

  it('locks from the fifth failure, doubling the delay up to 15 minutes', () => {
    expect([5, 6, 7, 8, 9].map(accountLockDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(accountLockDelayMs(10)).toBe(LOGIN_MAX_DELAY_MS);
    expect(accountLockDelayMs(500)).toBe(15 * 60_000);
  });

  it('keeps an office of 100 people behind one address under the ceiling, 3 typos each', () => {
    expect(addressBlocked(100 * 3)).toBe(false);
    expect(LOGIN_ADDRESS_MAX_FAILURES).toBeGreaterThan(300);
  });

  it('blocks an address at its ceiling of failures', () => {
    expect(addressBlocked(LOGIN_ADDRESS_MAX_FAILURES - 1)).toBe(false);
    expect(addressBlocked(LOGIN_ADDRESS_MAX_FAILURES)).toBe(true);
  });

  it('tells the wait in French, rounded up', () => {
    expect(loginRetryMessage(400)).toBe('Trop de tentatives de connexion. Merci de réessayer dans 1 seconde.');
    expect(loginRetryMessage(29_100)).toBe('Trop de tentatives de connexion. Merci de réessayer dans 30 secondes.');
    expect(loginRetryMessage(61_000)).toBe('Trop de tentatives de connexion. Merci de réessayer dans 2 minutes.');
  });
});
