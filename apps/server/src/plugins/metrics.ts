import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { forbidden, notFound } from '../lib/http-errors';
import type { BusinessEventCounter } from './business-events';

/** Who may read /metrics (METRICS_TOKEN, METRICS_ALLOW); with neither, it is not served. */
export interface MetricsAccess {
  /** Bearer token Prometheus sends (`authorization` in its scrape config). */
  token?: string;
  /** Addresses and CIDRs allowed without a token (the request's address, TRUST_PROXY applied). */
  allow?: string[];
}

export const METRICS_MESSAGES = {
  disabled: 'Les métriques ne sont pas publiées : définissez METRICS_TOKEN ou METRICS_ALLOW.',
  refused: 'Accès aux métriques refusé.',
} as const;

/** The registry the app and its modules add metrics to (job queue depth, ...). */
export interface AppMetrics {
  registry: Registry;
  businessEvents: BusinessEventCounter;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** An address list as a BlockList (its `check` answers 'is it listed'); unreadable entries fail start-up. */
function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : null;
    if (!family) throw new Error(`METRICS_ALLOW : adresse illisible « ${entry} »`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function mayRead(request: FastifyRequest, access: MetricsAccess, allowed: BlockList | null): boolean {
  const authorization = request.headers.authorization ?? '';
  if (access.token && authorization.startsWith('Bearer ') && sameSecret(authorization.slice(7), access.token))
    return true;
  if (!allowed) return false;
  const address = request.ip.replace(/^::ffff:/, '');
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return isIP(address) !== 0 && allowed.check(address, family);
}

/**
 * Prometheus metrics of this process: request latency per route, the database pools, the
 * business events and Node's own (CPU, memory, event-loop delay, GC). Served on GET /metrics
 * to the token or the addresses given; otherwise 404.
 */
export function registerMetrics(app: FastifyInstance, database: Database, access: MetricsAccess): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gdf_' });
  const duration = new Histogram({
    name: 'gdf_http_request_duration_seconds',
    help: 'Durée des requêtes HTTP, par route (modèle), méthode et classe de statut',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: the label set stays bounded.
    const route = request.routeOptions.url ?? 'aucune';
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    duration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
  });
  new Gauge({
    name: 'gdf_db_pool_connections',
    help: 'Connexions des pools PostgreSQL : total, libres, requêtes en attente',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const stats of database.poolStats?.() ?? []) {
        this.set({ pool: stats.pool, state: 'total' }, stats.total);
        this.set({ pool: stats.pool, state: 'libres' }, stats.idle);
        this.set({ pool: stats.pool, state: 'en_attente' }, stats.waiting);
      }
    },
  });
  const businessEvents = new Counter({
    name: 'gdf_business_events_total',
    help: 'Événements métier (documents, fichiers SEPA, imports, relances, écritures...), réussis ou refusés',
    labelNames: ['event', 'outcome'] as const,
    registers: [registry],
  });

  const allowed = access.allow?.length ? addressList(access.allow) : null;
  app.get('/metrics', async (request, reply) => {
    if (!access.token && !allowed) throw notFound(METRICS_MESSAGES.disabled);
    if (!mayRead(request, access, allowed)) throw forbidden(METRICS_MESSAGES.refused);
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return { registry, businessEvents };
}
