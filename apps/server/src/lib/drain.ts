import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What a GET or HEAD hears while the process stops (a proxy sends it to another instance). */
export const DRAINING_MESSAGE = 'Le service redémarre : réessayez dans un instant.';

/** How long the listening socket stays open once the process is asked to stop. */
export interface DrainSettings {
  /** Closed once no connection has come for this long. */
  quietMs: number;
  /** Closed after this long whatever comes. */
  maxMs: number;
}

export const DEFAULT_DRAIN: DrainSettings = { quietMs: 250, maxMs: 3_000 };

/**
 * The whole stop, drain included: beyond it the process exits 1 (R-OPS-04). A service manager
 * waits longer before killing it (deploy/systemd/gdf@.service: TimeoutStopSec=30).
 */
export const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * Stopping behind a load balancer without failing a request (R-OPS-12, ADR 0054). Closing the
 * listening socket at once resets the connections the kernel has accepted but the process has
 * not taken yet: the POSTs among them were sent, so nginx may not try them elsewhere and
 * answers 502. So, asked to stop, the process first keeps listening and:
 * - answers GET and HEAD that arrive 503 (nothing done, Retry-After, the connection closed):
 *   nginx sends them to the other instance and takes this one out (`max_fails`), so new
 *   connections stop coming;
 * - serves every other request as usual (they are never tried elsewhere);
 * then closes the listening socket once no connection has come for `quietMs` (at once
 * behind nginx, `quietMs` alone with no traffic), at most after `maxMs`, and lets the requests
 * under way finish (server.ts).
 */
export interface Drain {
  readonly draining: boolean;
  /** From now on GET and HEAD are answered 503. */
  begin(): void;
  /** Resolves when the listening socket may close (quiet, or `maxMs` after begin()). */
  settled(server: Server, settings?: DrainSettings): Promise<void>;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
    settled(server, settings = DEFAULT_DRAIN) {
      const started = Date.now();
      let lastConnection = started;
      const seen = () => (lastConnection = Date.now());
      server.on('connection', seen);
      return new Promise<void>((resolve) => {
        const timer = setInterval(
          () => {
            const now = Date.now();
            if (now - lastConnection >= settings.quietMs || now - started >= settings.maxMs) {
              clearInterval(timer);
              server.off('connection', seen);
              resolve();
            }
          },
          Math.max(10, Math.min(50, settings.quietMs / 5)),
        );
      });
    },
  };
}

/** The hook answering GET and HEAD 503 while `drain` drains (registered among the first). */
export function registerDrain(app: FastifyInstance, drain: Drain): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!drain.draining || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    void reply
      .code(503)
      .header('retry-after', '1')
      .header('connection', 'close')
      .send({ statusCode: 503, error: 'service-unavailable', message: DRAINING_MESSAGE });
  });
}
