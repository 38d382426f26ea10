/**
 * The caches of the GraphQL read path, each switchable off so the bench can measure what
 * it earns (BENCH_CACHES_OFF, config.ts; never set in production). What each keys, holds
 * and what invalidates it, and the compiled plans no longer kept: ADR 0040.
 * - `documents`: query text -> parsed and validated document (execute-request.ts);
 * - `prepared`: statement text -> runs lately; from the third, a prepared statement (run.ts);
 * - `reads`: statement text x parameters -> its JSON, shared 1 s (share.ts).
 */
const GRAPHQL_CACHES = ['documents', 'prepared', 'reads'] as const;
export type GraphqlCache = (typeof GRAPHQL_CACHES)[number];

/** A comma-separated list of cache names (BENCH_CACHES_OFF), unknown names refused. */
export function parseCachesOff(list: string): ReadonlySet<GraphqlCache> {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(GRAPHQL_CACHES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Caches inconnus : ${unknown.join(', ')} (${GRAPHQL_CACHES.join(', ')})`);
  return new Set(names as GraphqlCache[]);
}
