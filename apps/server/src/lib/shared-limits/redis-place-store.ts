import type { Redis } from 'ioredis';
import type { PlaceStore, TakeOutcome } from './places';

// Each pool is a sorted set (holder -> lease end, Redis's clock) and a hash (holder -> token);
// each script runs atomically, so counting and taking are one step for every process.
const NOW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)`;

const TAKE = `${NOW}
for _, holder in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)) do redis.call('HDEL', KEYS[2], holder) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 'held' end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 'full' end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[4]), ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 'taken'`;

const RENEW = `${NOW}
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
local ends = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]) or '0')
if ends <= now then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

const RELEASE = `
if redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[2] then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return 0`;

/** Places in Redis (REDIS_URL), for every process using it (ADR 0049). */
export function createRedisPlaceStore(redis: Redis, prefix = 'gdf:places:'): PlaceStore {
  // One hash slot per pool ({...}): a cluster runs each script on one node.
  const keys = (pool: string) => [`${prefix}{${pool}}`, `${prefix}{${pool}}:jetons`] as const;
  return {
    async take(pool, holder, token, capacity, leaseMs) {
      return (await redis.eval(TAKE, 2, ...keys(pool), holder, token, capacity, leaseMs)) as TakeOutcome;
    },
    async renew(pool, holder, token, leaseMs) {
      return (await redis.eval(RENEW, 2, ...keys(pool), holder, token, leaseMs)) === 1;
    },
    async release(pool, holder, token) {
      await redis.eval(RELEASE, 2, ...keys(pool), holder, token);
    },
  };
}
