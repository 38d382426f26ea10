import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Where the places of bounded pools are kept for every server process (ADR 0049): PostgreSQL
 * (LIM_Place) or Redis. Each call is atomic in the store: `take` counts the live places of
 * the pool and takes one in the same step, so N processes asking at once never hold more
 * than `capacity`.
 */
export interface PlaceStore {
  /**
   * One place of `pool` for `holder`, leased for `leaseMs`: 'held' when the holder already
   * holds one, 'full' when `capacity` live places are held.
   */
  take(pool: string, holder: string, token: string, capacity: number, leaseMs: number): Promise<TakeOutcome>;
  /** Extends a live holding; false once it has run out (or been released). */
  renew(pool: string, holder: string, token: string, leaseMs: number): Promise<boolean>;
  /** Gives the holding back (nothing when `token` no longer holds it). */
  release(pool: string, holder: string, token: string): Promise<void>;
}

export type TakeOutcome = 'taken' | PlaceRefusal;
type PlaceRefusal = 'held' | 'full';

export interface Place {
  /** Gives the place back; later calls do nothing. */
  release(): void;
}

export interface SharedPlaces {
  /** A place now, or why not. */
  take(pool: string, holder: string, capacity: number): Promise<Place | PlaceRefusal>;
  /** A place, asking again while the pool is full, for up to `waitMs`. */
  waitFor(pool: string, holder: string, capacity: number, waitMs: number): Promise<Place | PlaceRefusal>;
  /** Waits for the releases under way and stops renewing (the app is closing). */
  close(): Promise<void>;
}

/**
 * A place's lease: renewed every third of it while held, so a process that dies (or stalls
 * that long) gives its places back within this time instead of holding them for good.
 */
const PLACE_LEASE_MS = 60_000;
/** How often a full pool is asked again while waiting. */
const PLACE_POLL_MS = 100;

export interface PlaceOptions {
  leaseMs?: number;
  pollMs?: number;
  /** A renewal or release that failed (the lease runs out by itself). */
  onError?: (error: unknown) => void;
}

export function createSharedPlaces(store: PlaceStore, options: PlaceOptions = {}): SharedPlaces {
  const leaseMs = options.leaseMs ?? PLACE_LEASE_MS;
  const pollMs = options.pollMs ?? PLACE_POLL_MS;
  const report = options.onError ?? (() => undefined);
  // Releases still on their way to the store, per pool: this process's next take of the pool
  // waits for them, so a place given back here is free for the next request here.
  const releasing = new Map<string, Set<Promise<void>>>();
  const renewals = new Set<NodeJS.Timeout>();

  async function take(pool: string, holder: string, capacity: number): Promise<Place | PlaceRefusal> {
    const pending = releasing.get(pool);
    if (pending) await Promise.all(pending);
    const token = randomUUID();
    const outcome = await store.take(pool, holder, token, capacity, leaseMs);
    if (outcome !== 'taken') return outcome;
    const renewal = setInterval(() => {
      store.renew(pool, holder, token, leaseMs).catch(report);
    }, leaseMs / 3);
    renewal.unref();
    renewals.add(renewal);
    let held = true;
    return {
      release() {
        if (!held) return;
        held = false;
        clearInterval(renewal);
        renewals.delete(renewal);
        const releases = releasing.get(pool) ?? new Set<Promise<void>>();
        releasing.set(pool, releases);
        const release: Promise<void> = store
          .release(pool, holder, token)
          .catch(report)
          .finally(() => {
            releases.delete(release);
            if (releases.size === 0 && releasing.get(pool) === releases) releasing.delete(pool);
          });
        releases.add(release);
      },
    };
  }

  return {
    take,
    async waitFor(pool, holder, capacity, waitMs) {
      const deadline = performance.now() + waitMs;
      for (;;) {
        const outcome = await take(pool, holder, capacity);
        const left = deadline - performance.now();
        if (outcome !== 'full' || left <= 0) return outcome;
        await sleep(Math.min(pollMs, left));
      }
    },
    async close() {
      for (const renewal of renewals) clearInterval(renewal);
      renewals.clear();
      await Promise.all([...releasing.values()].flatMap((releases) => [...releases]));
    },
  };
}
