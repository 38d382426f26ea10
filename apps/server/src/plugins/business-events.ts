import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiUrl } from './auth';
import { namedStructureId } from './scope';

// One structured log line per business event (who, for which structure, what, how long),
// carrying the request id of Fastify's request logger, and a counter per event for /metrics.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The business event a call is: a name ('sepa.generation'), or false when the call is none
     * (a POST that only reads, a token refresh). Undeclared writes are 'ecriture'.
     */
    event?: string | false;
  }
  interface FastifyRequest {
    businessEvent: BusinessEvent | null;
  }
}

export interface BusinessEvent {
  name: string;
  details?: Record<string, unknown>;
}

/** What counts events (metrics.ts); absent when /metrics is not served. */
export interface BusinessEventCounter {
  inc(labels: { event: string; outcome: 'ok' | 'refus' }): void;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A handler names the event it turned out to be (a GraphQL mutation, from its fields). */
export function markBusinessEvent(request: FastifyRequest, event: BusinessEvent): void {
  request.businessEvent = event;
}

/** The business event a request is (any write unless its route says otherwise), or null for a read. */
export function businessEventOf(request: FastifyRequest): BusinessEvent | null {
  if (request.businessEvent) return request.businessEvent;
  const url = request.routeOptions.url;
  if (!url || !isApiUrl(url)) return null;
  const declared = request.routeOptions.config.event;
  if (declared === false) return null;
  if (declared) return { name: declared };
  return READS.has(request.method) ? null : { name: 'ecriture' };
}

/** The structure the caller acted for, as the scope reads it (else their first); null when unknown. */
function structureOf(request: FastifyRequest): number | null {
  const raw = namedStructureId(request);
  if (raw !== undefined && /^\d{1,9}$/.test(raw)) return Number(raw);
  return request.actor?.memberships[0]?.structureId ?? null;
}

export function registerBusinessEvents(app: FastifyInstance, counter?: BusinessEventCounter): void {
  app.decorateRequest('businessEvent', null);
  app.addHook('onResponse', async (request, reply) => {
    const event = businessEventOf(request);
    if (!event) return;
    const outcome = reply.statusCode < 400 ? 'ok' : 'refus';
    counter?.inc({ event: event.name, outcome });
    // Refusals are logged where they are raised (warnings of the core API, security events).
    if (outcome !== 'ok') return;
    request.log.info(
      {
        event: event.name,
        ...event.details,
        method: request.method,
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        userId: request.actor?.userId ?? null,
        structureId: structureOf(request),
        durationMs: Math.round(reply.elapsedTime),
      },
      'événement métier',
    );
  });
}
