import { loginRequestSchema, type LoginResponse } from '@gdf/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/http-errors';
import { parseInput } from '../../lib/validation';
import { TooManyAttemptsError, type AuthService, type IssuedSession } from './auth.service';
import { isSameOriginRequest } from './same-origin';

/** The refresh cookie: httpOnly (no script reads it), sent only to /api/auth, never cross-site. */
const REFRESH_COOKIE = 'gdf_session';
const AUTH_PATH = '/api/auth';

const FOREIGN_ORIGIN_MESSAGE = 'Origine de la requête refusée.';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService): void {
  app.post('/api/auth/login', { config: { auth: 'public', event: 'connexion' } }, async (request, reply) => {
    // Scripts may sign in without Origin; a browser page of another site may not.
    if (request.headers.origin !== undefined && !isSameOriginRequest(request)) throw forbidden(FOREIGN_ORIGIN_MESSAGE);
    const input = parseInput(loginRequestSchema, request.body);
    try {
      return sendSession(request, reply, await auth.login(input, { address: request.ip }));
    } catch (error) {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
      throw error;
    }
  });

  app.post('/api/auth/refresh', { config: { auth: 'public', event: false } }, async (request, reply) => {
    if (!isSameOriginRequest(request)) throw forbidden(FOREIGN_ORIGIN_MESSAGE);
    const refreshToken = readCookie(request, REFRESH_COOKIE);
    try {
      return sendSession(request, reply, await auth.refresh(refreshToken ?? ''));
    } catch (error) {
      clearRefreshCookie(request, reply);
      throw error;
    }
  });

  app.post('/api/auth/logout', { config: { auth: 'public', event: 'deconnexion' } }, async (request, reply) => {
    if (!isSameOriginRequest(request)) throw forbidden(FOREIGN_ORIGIN_MESSAGE);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    await auth.logout({ refreshToken: readCookie(request, REFRESH_COOKIE), accessToken: bearer });
    clearRefreshCookie(request, reply);
    return reply.status(204).send();
  });
}

function sendSession(request: FastifyRequest, reply: FastifyReply, session: IssuedSession): LoginResponse {
  if (session.refresh) {
    const maxAge = Math.max(0, Math.floor((session.refresh.expiresAt.getTime() - Date.now()) / 1000));
    reply.header('set-cookie', cookie(request, session.refresh.value, maxAge));
  }
  reply.header('cache-control', 'no-store');
  return { token: session.token, expiresAt: session.expiresAt };
}

function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(request, '', 0));
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const attributes = [`${REFRESH_COOKIE}=${value}`, `Path=${AUTH_PATH}`, 'HttpOnly', 'SameSite=Strict'];
  attributes.push(`Max-Age=${maxAgeSeconds}`);
  // Secure when the page is served over https (directly, or by a proxy listed in TRUST_PROXY).
  if (request.protocol === 'https') attributes.push('Secure');
  return attributes.join('; ');
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
