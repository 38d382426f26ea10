import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers (CSP included) on every response. The middleware is built
 * once, at start-up: @fastify/helmet rebuilt it, and re-parsed the CSP, on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { frameAncestors?: string[] }): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        frameAncestors: options.frameAncestors ?? ["'self'"],
      },
    },
    frameguard: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // API answers carry personal and bank data (e-mails, IBANs, documents): no browser or
  // proxy keeps them, unless a route states its own caching. Refusals and errors too.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (API_URL.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

const API_URL = /^\/(?:api|v1)(?:[/?]|$)/;
