import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { readCacheOf } from '../graphql/execution/share';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GraphQL clears the cache itself, for mutations only (queries are POSTed too). */
const GRAPHQL_PATH = '/v1/graphql';

/**
 * Any request that may write (POST, PUT, PATCH, DELETE) clears the read cache when it
 * arrives and again when it has answered, so no read started after it can be served
 * what was cached before its write. Some POSTs only read: clearing for them costs a
 * few cache misses, never a stale answer.
 */
export function registerReadCacheInvalidation(app: FastifyInstance, database: Database): void {
  const cache = readCacheOf(database);
  const clearForWrites = async (request: { method: string; url: string }) => {
    if (!SAFE_METHODS.has(request.method) && !request.url.startsWith(GRAPHQL_PATH)) cache.clear();
  };
  app.addHook('onRequest', clearForWrites);
  app.addHook('onResponse', clearForWrites);
}
