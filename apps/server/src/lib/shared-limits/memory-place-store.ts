import type { PlaceStore } from './places';

/**
 * Places in this process's memory, with the stores' semantics (leases included): for unit
 * tests of what uses places. The server keeps its places in PostgreSQL or Redis (ADR 0049).
 */
export function createMemoryPlaceStore(now: () => number = Date.now): PlaceStore {
  const pools = new Map<string, Map<string, { token: string; endsAt: number }>>();
  const live = (pool: string) => {
    const holdings = pools.get(pool) ?? new Map<string, { token: string; endsAt: number }>();
    pools.set(pool, holdings);
    for (const [holder, holding] of holdings) if (holding.endsAt <= now()) holdings.delete(holder);
    return holdings;
  };
  return {
    async take(pool, holder, token, capacity, leaseMs) {
      const holdings = live(pool);
      if (holdings.has(holder)) return 'held';
      if (holdings.size >= capacity) return 'full';
      holdings.set(holder, { token, endsAt: now() + leaseMs });
      return 'taken';
    },
    async renew(pool, holder, token, leaseMs) {
      const holding = live(pool).get(holder);
      if (holding?.token !== token) return false;
      holding.endsAt = now() + leaseMs;
      return true;
    },
    async release(pool, holder, token) {
      const holdings = live(pool);
      if (holdings.get(holder)?.token === token) holdings.delete(holder);
    },
  };
}
