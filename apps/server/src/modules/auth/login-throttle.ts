import {
  LOGIN_ADDRESS_MAX_FAILURES,
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_FAILURE_MEMORY_MS,
  accountLockDelayMs,
} from '@gdf/domain';
import type { Redis } from 'ioredis';
import { TtlCache } from '../../lib/ttl-cache';

/**
 * Counts login failures per account and per address (policy: @gdf/domain login-throttle).
 * An attempt is counted as a failure before the password is checked and forgiven on
 * success: so concurrent attempts cannot all slip in before the first failure is recorded.
 */
export interface LoginThrottle {
  /** Claims one attempt; `retryAfterMs` when the account or the address must wait. */
  begin(account: string, address: string): Promise<LoginAttempt | { retryAfterMs: number }>;
}

interface LoginAttempt {
  /** The password was right: the account's failures are cleared, the address's one forgiven. */
  succeeded(): Promise<void>;
  /** Milliseconds the account is now locked for (0 when it may try again at once). */
  lockedForMs: number;
}

/** Where the counts live: PostgreSQL (login-throttle.repository.ts), Redis (REDIS_URL), or memory (tests). */
export interface ThrottleStore {
  claimAccount(key: string, now: number): Promise<{ retryAfterMs: number } | { lockedForMs: number }>;
  clearAccount(key: string): Promise<void>;
  claimAddress(key: string, now: number): Promise<{ retryAfterMs: number } | null>;
  forgiveAddress(key: string): Promise<void>;
}

/** Delay after the n-th failure for n = 1..DELAY_STEPS; beyond, the last one (the cap). */
export const DELAY_STEPS = 16;
export const delayAfter = (failures: number) => accountLockDelayMs(Math.min(failures, DELAY_STEPS));

export function createLoginThrottle(
  store: ThrottleStore,
  now: () => number = Date.now,
): LoginThrottle & { store: ThrottleStore } {
  return {
    store,
    async begin(account, address) {
      const at = now();
      const addressKey = `${address}:${Math.floor(at / LOGIN_ADDRESS_WINDOW_MS)}`;
      const addressRefusal = await store.claimAddress(addressKey, at);
      if (addressRefusal) return addressRefusal;
      const claim = await store.claimAccount(account, at);
      if ('retryAfterMs' in claim) {
        await store.forgiveAddress(addressKey); // refused unchecked: not a guess
        return claim;
      }
      return {
        lockedForMs: claim.lockedForMs,
        async succeeded() {
          await Promise.all([store.clearAccount(account), store.forgiveAddress(addressKey)]);
        },
      };
    },
  };
}

/** One process: bounded caches (the oldest entries go first); tests drive it directly. */
export function createMemoryThrottleStore(maxEntries = 100_000): ThrottleStore {
  const accounts = new TtlCache<{ failures: number; lockedUntil: number }>(maxEntries, LOGIN_FAILURE_MEMORY_MS);
  // An address's window ends when its first failure's window does, whatever follows.
  const addresses = new TtlCache<{ failures: number; expiresAt: number }>(maxEntries, LOGIN_ADDRESS_WINDOW_MS);
  return {
    async claimAccount(key, now) {
      const current = accounts.get(key, now) ?? { failures: 0, lockedUntil: 0 };
      if (current.lockedUntil > now) return { retryAfterMs: current.lockedUntil - now };
      const failures = current.failures + 1;
      const lockedForMs = delayAfter(failures);
      accounts.set(key, { failures, lockedUntil: now + lockedForMs }, now);
      return { lockedForMs };
    },
    async clearAccount(key) {
      accounts.delete(key);
    },
    async claimAddress(key, now) {
      const current = addresses.get(key, now) ?? { failures: 0, expiresAt: now + LOGIN_ADDRESS_WINDOW_MS };
      if (current.failures >= LOGIN_ADDRESS_MAX_FAILURES) return { retryAfterMs: current.expiresAt - now };
      addresses.set(key, { failures: current.failures + 1, expiresAt: current.expiresAt }, now, current.expiresAt);
      return null;
    },
    async forgiveAddress(key) {
      const entry = addresses.get(key);
      if (entry && entry.failures > 0) entry.failures -= 1;
    },
  };
}

// Atomic in Redis: check the lock, count the failure, set the next lock, in one step.
const CLAIM_ACCOUNT = `
local now = tonumber(ARGV[1])
local locked = tonumber(redis.call('HGET', KEYS[1], 'lockedUntil') or '0')
if locked > now then return {0, locked - now} end
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local steps = #ARGV - 2
local delay = tonumber(ARGV[2 + math.min(failures, steps)])
-- A free failure sets no lock: a request whose clock is a little behind is still let through.
if delay > 0 then redis.call('HSET', KEYS[1], 'lockedUntil', now + delay) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return {1, delay}`;

const CLAIM_ADDRESS = `
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return redis.call('PTTL', KEYS[1]) end
redis.call('INCR', KEYS[1])
if failures == 0 then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2])) end
return -1`;

const FORGIVE_ADDRESS = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** Shared by every process (REDIS_URL): the same counts whichever process answers. */
export function createRedisThrottleStore(redis: Redis, prefix = 'gdf:connexion:'): ThrottleStore {
  const delays = Array.from({ length: DELAY_STEPS }, (_, index) => String(delayAfter(index + 1)));
  return {
    async claimAccount(key, now) {
      const [allowed, ms] = (await redis.eval(
        CLAIM_ACCOUNT,
        1,
        `${prefix}compte:${key}`,
        String(now),
        String(LOGIN_FAILURE_MEMORY_MS),
        ...delays,
      )) as [number, number];
      return allowed === 1 ? { lockedForMs: ms } : { retryAfterMs: ms };
    },
    async clearAccount(key) {
      await redis.del(`${prefix}compte:${key}`);
    },
    async claimAddress(key) {
      const ttl = (await redis.eval(
        CLAIM_ADDRESS,
        1,
        `${prefix}adresse:${key}`,
        String(LOGIN_ADDRESS_MAX_FAILURES),
        String(LOGIN_ADDRESS_WINDOW_MS),
      )) as number;
      return ttl === -1 ? null : { retryAfterMs: Math.max(ttl, 1000) };
    },
    async forgiveAddress(key) {
      await redis.eval(FORGIVE_ADDRESS, 1, `${prefix}adresse:${key}`);
    },
  };
}
