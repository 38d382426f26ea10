import type { Redis } from 'ioredis';
import type { Database } from '../../db/database';
import { createSharedPlaces, type PlaceOptions, type SharedPlaces } from './places';
import { createPostgresPlaceStore } from './postgres-place-store.repository';
import { createRedisPlaceStore } from './redis-place-store';

/**
 * The places every server process shares (ADR 0049): in Redis when REDIS_URL is set (beside
 * the login throttle), else in the database. The daily quotas (relevés de compte, uploads)
 * are counted in the database in the transaction that issues, whichever: see the ADR.
 */
export function createSharedLimits(
  database: Database,
  options: PlaceOptions & { redis?: Redis | undefined; redisPrefix?: string | undefined } = {},
): SharedPlaces {
  const { redis, redisPrefix, ...placeOptions } = options;
  const store = redis ? createRedisPlaceStore(redis, redisPrefix) : createPostgresPlaceStore(database);
  return createSharedPlaces(store, placeOptions);
}

/** The start-up line saying where the limits every instance shares live. */
export function sharedLimitsNotice(options: { redis: boolean; database: Database['kind'] }): string {
  const quotas = 'quotas du jour (relevés de compte, dépôts)';
  if (options.redis)
    return `Limites partagées par toutes les instances : Redis (REDIS_URL) pour les connexions, les lots de documents et les requêtes lourdes ; PostgreSQL pour les ${quotas}.`;
  const where = options.database === 'pglite' ? 'PostgreSQL embarqué (PGlite, une seule instance)' : 'PostgreSQL';
  return `Limites partagées par toutes les instances : ${where} (connexions, lots de documents, requêtes lourdes, ${quotas}).`;
}
