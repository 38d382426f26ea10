import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryPlaceStore } from './memory-place-store';
import { createSharedPlaces, type Place, type PlaceStore } from './places';
import { sharedLimitsNotice } from './shared-limits';

/** A store whose releases take `ms` to arrive, as over a network. */
function slowReleases(store: PlaceStore, ms: number): PlaceStore {
  return { ...store, release: async (...args) => (await sleep(ms), store.release(...args)) };
}

describe('shared places (R-SEC-21)', () => {
  it('a place given back by this process is free for its next take, though the store has not answered yet', async () => {
    const places = createSharedPlaces(slowReleases(createMemoryPlaceStore(), 50));
    const first = (await places.take('lots', 'a', 1)) as Place;
    first.release();
    const next = await places.take('lots', 'b', 1);
    expect(typeof next).not.toBe('string');
    await places.close();
  });

  it('waitFor asks again until its wait is over, then says full', async () => {
    const places = createSharedPlaces(createMemoryPlaceStore(), { pollMs: 10 });
    await places.take('requetes', 'a', 1);
    const started = performance.now();
    expect(await places.waitFor('requetes', 'b', 1, 100)).toBe('full');
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    await places.close();
  });

  it('renews a held place every third of its lease, and no longer once it is given back', async () => {
    let now = 0;
    const store = createMemoryPlaceStore(() => now);
    const renewals: string[] = [];
    const places = createSharedPlaces(
      { ...store, renew: async (...args) => (renewals.push(args[1]), store.renew(...args)) },
      { leaseMs: 60 },
    );
    const place = (await places.take('lots', 'a', 1)) as Place;
    await vi.waitFor(() => expect(renewals.length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    place.release();
    const count = renewals.length;
    now = 1_000;
    await sleep(200);
    expect(renewals).toHaveLength(count);
    await places.close();
  });

  it('the start-up line says where the limits live', () => {
    expect(sharedLimitsNotice({ redis: false, database: 'postgres' })).toBe(
      'Limites partagées par toutes les instances : PostgreSQL (connexions, lots de documents, requêtes lourdes, quotas du jour (relevés de compte, dépôts)).',
    );
    expect(sharedLimitsNotice({ redis: true, database: 'postgres' })).toMatch(
      /^Limites partagées par toutes les instances : Redis \(REDIS_URL\) pour les connexions, .* ; PostgreSQL pour les quotas du jour/,
    );
    expect(sharedLimitsNotice({ redis: false, database: 'pglite' })).toContain('PGlite, une seule instance');
  });
});
