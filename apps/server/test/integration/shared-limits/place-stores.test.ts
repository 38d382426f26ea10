import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { createSharedPlaces, type Place, type PlaceStore } from '../../../src/lib/shared-limits/places';
import { createPostgresPlaceStore } from '../../../src/lib/shared-limits/postgres-place-store.repository';
import { createRedisPlaceStore } from '../../../src/lib/shared-limits/redis-place-store';
import { testDatabaseTargets } from '../support/databases';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Short leases, long enough that a loaded machine still renews in time (every third of it). */
const LEASE_MS = 2_000;

/**
 * The place stores (ADR 0049): a pool never holds more than its capacity however many
 * processes ask at once, and a place whose holder stops renewing it (a process that died)
 * frees itself when its lease runs out. Each test its own pool.
 */
describe.each(testDatabaseTargets())('shared places on $name', (target) => {
  let database: Database;
  let otherPool: Database;
  let redis: Redis;
  const clients: Redis[] = [];

  beforeAll(async () => {
    const opened = await target.open();
    database = opened;
    otherPool = opened.reopen ? await opened.reopen({}) : opened;
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    for (const client of clients) await client.quit();
    await redis?.quit();
    if (otherPool !== database) await otherPool?.close();
    await database?.close();
  });

  describe.each(['database', 'redis'] as const)('in the %s', (kind) => {
    const prefix = `gdf:test:${randomBytes(6).toString('hex')}:`;
    /** One store per "process": its own pool of connections on PostgreSQL, its own client for Redis. */
    const stores = (): [PlaceStore, PlaceStore] =>
      kind === 'database'
        ? [createPostgresPlaceStore(database), createPostgresPlaceStore(otherPool)]
        : [createRedisPlaceStore(redis, prefix), createRedisPlaceStore(other(), prefix)];
    const other = () => {
      const client = redis.duplicate();
      clients.push(client);
      return client;
    };
    const pool = () => `essai-${randomBytes(4).toString('hex')}`;

    it('60 takes at once from two processes: exactly the capacity taken, one place per holder', async () => {
      const [first, second] = stores().map((store) => createSharedPlaces(store));
      const name = pool();
      const outcomes = await Promise.all(
        Array.from({ length: 60 }, (_, index) => [first, second][index % 2]!.take(name, `detenteur-${index % 20}`, 7)),
      );
      const taken = outcomes.filter((outcome): outcome is Place => typeof outcome !== 'string');
      expect(taken).toHaveLength(7);
      expect(outcomes.filter((outcome) => outcome === 'full' || outcome === 'held')).toHaveLength(53);
      // Given back, the places are free again for anyone.
      for (const place of taken) place.release();
      await first!.close();
      await second!.close();
      const again = await Promise.all(Array.from({ length: 7 }, (_, index) => first!.take(name, `autre-${index}`, 7)));
      expect(again.every((outcome) => typeof outcome !== 'string')).toBe(true);
    });

    it('a holder holds one place; a late release of an earlier holding frees nothing', async () => {
      const [store] = stores();
      const name = pool();
      expect(await store.take(name, 'dupont', 'jeton-1', 2, 60_000)).toBe('taken');
      expect(await store.take(name, 'dupont', 'jeton-2', 2, 60_000)).toBe('held');
      await store.release(name, 'dupont', 'jeton-1');
      expect(await store.take(name, 'dupont', 'jeton-2', 2, 60_000)).toBe('taken');
      await store.release(name, 'dupont', 'jeton-1');
      expect(await store.take(name, 'dupont', 'jeton-3', 2, 60_000)).toBe('held');
    });

    it('a place nobody renews frees itself when its lease runs out; one renewed is kept', async () => {
      const [crashed, alive] = stores();
      const name = pool();
      // A process takes a place, then dies: no release, no renewal.
      expect(await crashed.take(name, 'disparu', 'jeton', 1, LEASE_MS)).toBe('taken');
      expect(await alive.take(name, 'vivant', 'jeton', 1, LEASE_MS)).toBe('full');
      await sleep(LEASE_MS + 500);
      const renewing = createSharedPlaces(alive, { leaseMs: LEASE_MS });
      const place = await renewing.take(name, 'vivant', 1);
      expect(typeof place).not.toBe('string');
      // Renewed every third of its lease: still held well after the lease alone would have ended.
      await sleep(LEASE_MS * 1.5);
      expect(await crashed.take(name, 'autre', 'jeton', 1, LEASE_MS)).toBe('full');
      expect(await alive.renew(name, 'disparu', 'jeton', LEASE_MS)).toBe(false);
      (place as Place).release();
      await renewing.close();
      expect(await crashed.take(name, 'autre', 'jeton', 1, LEASE_MS)).toBe('taken');
    });

    it('waitFor asks again until a place frees up, or gives up after its wait', async () => {
      const [first, second] = stores().map((store) => createSharedPlaces(store, { pollMs: 20 }));
      const name = pool();
      const held = (await first!.take(name, 'a', 1)) as Place;
      expect(await second!.waitFor(name, 'b', 1, 150)).toBe('full');
      const waiting = second!.waitFor(name, 'b', 1, 5_000);
      await sleep(100);
      held.release();
      const place = await waiting;
      expect(typeof place).not.toBe('string');
      (place as Place).release();
      await first!.close();
      await second!.close();
    });
  });
});
