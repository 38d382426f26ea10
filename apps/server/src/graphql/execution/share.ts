import { TtlCache } from '../../lib/ttl-cache';
import type { Database } from '../../db/database';

/**
 * Identical reads share one execution: a statement with the same text and parameters
 * (the caller's scope is part of both) asked again within its time-to-live, or while it
 * is still running, gets the same JSON. Every write through this server clears the cache
 * when it starts and when it ends (read-cache-invalidation.ts), so a read made after a
 * write always sees it; on PostgreSQL, a change committed by another process (another
 * server, a script) clears it too as soon as its notification arrives (Database.
 * onDataChange). A client that sends `Cache-Control: no-cache` always gets a fresh execution.
 */
export class ReadCache {
  private readonly caches = new Map<number, TtlCache<Promise<string>>>();

  constructor(
    private readonly maxEntries = 2_000,
    /** Larger results (exports of a whole search) are never kept. */
    private readonly maxResultLength = 512 * 1024,
  ) {}

  read(key: string, ttlMs: number, compute: () => Promise<string>): Promise<string> {
    let cache = this.caches.get(ttlMs);
    if (!cache) this.caches.set(ttlMs, (cache = new TtlCache(this.maxEntries, ttlMs)));
    const shared = cache.get(key);
    if (shared) return shared;
    const result = compute();
    cache.set(key, result);
    const forget = () => {
      if (cache.get(key) === result) cache.delete(key);
    };
    result.then((json) => json.length > this.maxResultLength && forget(), forget);
    return result;
  }

  clear(): void {
    for (const cache of this.caches.values()) cache.clear();
  }
}

const caches = new WeakMap<Database, ReadCache>();

/** The read cache of one database (writes through any app on it clear it). */
export function readCacheOf(database: Database): ReadCache {
  let cache = caches.get(database);
  if (!cache) {
    const created = new ReadCache();
    caches.set(database, (cache = created));
    database.onDataChange?.(() => created.clear());
  }
  return cache;
}
