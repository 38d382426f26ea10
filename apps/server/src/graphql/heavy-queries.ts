import { randomUUID } from 'node:crypto';
import { Semaphore } from '../lib/semaphore';
import type { SharedPlaces } from '../lib/shared-limits/places';
import { LIMITS } from './limits';

/**
 * At most LIMITS.heavyQueriesPerUser heavy queries (cost.ts) per user at once, over every
 * server process (the shared places, ADR 0049): 22 heavy queries sent together no longer take
 * every connection of the pool (R-SEC-08), whichever instances they reach; the screens send
 * one at a time (the 'Tous' batches follow each other).
 */
export interface HeavySlots {
  /** A slot for this user's heavy query, or null when none freed up in LIMITS.heavyQueryWaitMs. */
  acquire(userId: number): Promise<(() => void) | null>;
}

export function createHeavySlots(places: SharedPlaces): HeavySlots {
  // This process's own queries wait their turn here first, without asking the store.
  const gates = new Map<number, Semaphore>();
  return {
    async acquire(userId) {
      const deadline = performance.now() + LIMITS.heavyQueryWaitMs;
      let gate = gates.get(userId);
      if (!gate) gates.set(userId, (gate = new Semaphore(LIMITS.heavyQueriesPerUser)));
      const owner = gate;
      const leaveGate = () => {
        if (owner.idle && gates.get(userId) === owner) gates.delete(userId);
      };
      const releaseGate = await owner.acquire(LIMITS.heavyQueryWaitMs);
      if (!releaseGate) {
        leaveGate();
        return null;
      }
      const place = await places
        .waitFor(`requetes-lourdes:${userId}`, randomUUID(), LIMITS.heavyQueriesPerUser, deadline - performance.now())
        .catch((error: unknown) => {
          releaseGate();
          leaveGate();
          throw error;
        });
      if (typeof place === 'string') {
        releaseGate();
        leaveGate();
        return null;
      }
      return () => {
        place.release();
        releaseGate();
        leaveGate();
      };
    },
  };
}
