import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../modules/scope/actor';
import type { AuthService } from '../modules/auth/auth.service';
import { unauthorized } from '../lib/http-errors';
import { SESSION_OVER_MESSAGE } from '../modules/auth/auth.service';

/** Every /api and /v1 route declares who may call it; start-up fails if one does not. */
type RouteAuth = 'public' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared auth, so tests can probe all of them. */
    apiRoutes: Array<{ method: string; url: string; auth: RouteAuth }>;
  }
}

const PROTECTED_PREFIXES = ['/api/', '/v1/'];
/** The OpenAPI page documents the API and is public; everything else under /api and /v1 declares its auth. */
const DOCUMENTATION_PREFIX = '/api/docs';
export const isApiUrl = (url: string) =>
  PROTECTED_PREFIXES.some((prefix) => url.startsWith(prefix)) && !url.startsWith(DOCUMENTATION_PREFIX);

export function registerAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('actor', null);
  app.decorate('apiRoutes', []);

  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    const declared = (route.config as { auth?: RouteAuth } | undefined)?.auth;
    if (declared !== 'public' && declared !== 'user') {
      throw new Error(`La route ${route.method} ${route.url} doit déclarer config.auth ('public' ou 'user')`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, auth: declared });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.auth !== 'user') return;
    request.actor = await authenticate(request, auth);
  });
}

async function authenticate(request: FastifyRequest, auth: AuthService): Promise<Actor> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  // Only the header: a token never travels in a URL (history, proxy logs and Referer keep them).
  const token = match?.[1];
  if (!token) throw unauthorized('Authentification requise');
  const actor = await auth.actorFromToken(token);
  if (!actor) throw unauthorized(SESSION_OVER_MESSAGE);
  return actor;
}

/** For handlers of `auth: 'user'` routes: the actor is always set there. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
