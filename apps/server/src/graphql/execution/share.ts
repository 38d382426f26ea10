import { TtlCache } from '../../lib/ttl-cache';
import type { Database } from '../../db/database';
import type { GraphqlContext } from '../context';
import type { CompiledRootField } from './compile';
import { runRootField } from './run';

/**
 * The third stage of a GraphQL read: identical reads share one run (run.ts) of their
 * compiled statement (compile.ts). Both paths answer a root field here.
 */

/**
 * How long an identical read may be shared (writes clear it). Capped counts are shared as
 * long as any read (R-SEARCH-13): the search page asks a filter set's count once, not on
 * every page change (ADR 0018).
 */
const READ_TTL_MS = 1_000;

/**
 * The root field's JSON text, shared with identical reads unless the context asks for
 * fresh reads (Cache-Control: no-cache, a mutation's read-back).
 */
export function answerRootField(compiled: CompiledRootField, context: GraphqlContext): Promise<string> {
  if (context.freshReads || context.cachesOff?.has('reads')) return runRootField(compiled, context);
  return readCacheOf(context.database).read(compiled.readKey, READ_TTL_MS, () => runRootField(compiled, context));
}

/** A write (a mutation) with the shared reads cleared when it starts and when it ends. */
export async function clearingSharedReads<T>(database: Database, write: () => Promise<T>): Promise<T> {
  const cache = readCacheOf(database);
  cache.clear();
  try {
    return await write();
  } finally {
    cache.clear();
  }
}

/**
 * Identical reads share one execution: a statement with the same text and parameters
 * (the caller's scope is part of both) asked again within its time-to-live, or while it
 * is still running, gets the same JSON. Every write through this server clears the cache
 * when it starts and when it ends (plugins/read-cache-invalidation.ts, mutations:
 * clearingSharedReads), so a read made after a
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
