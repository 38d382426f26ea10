import { TtlCache } from '../../lib/ttl-cache';
import { SignJWT, jwtVerify, errors } from 'jose';

/** Access tokens live minutes: the refresh cookie renews them (modules/auth/sessions.ts). */
const ACCESS_TOKEN_LIFETIME_SECONDS = 10 * 60;
const ISSUER = 'gestion-des-finances';

interface TokenClaims {
  userId: number;
  /** UTI_Session.id: checked on every request, so a revoked session stops at once. */
  sessionId: string;
}

export interface TokenService {
  sign(claims: TokenClaims, now?: Date): Promise<{ token: string; expiresAt: Date }>;
  /** Null for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(
  secret: string,
  lifetimeSeconds: number = ACCESS_TOKEN_LIFETIME_SECONDS,
): TokenService {
  // Imported once: given raw bytes or a KeyObject, jose imports a WebCrypto key on every call.
  const keyPromise = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Every request carries its token: a verified one is remembered (never past its expiry),
  // so the HMAC is computed once per token and minute, not once per request.
  const verified = new TtlCache<TokenClaims & { expiresAtMs: number }>(10_000, 60_000);
  return {
    async sign({ userId, sessionId }, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = new Date((issuedAt + lifetimeSeconds) * 1000);
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await keyPromise);
      return { token, expiresAt };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAtMs > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
      try {
        const { payload } = await jwtVerify(token, await keyPromise, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isInteger(userId) || userId <= 0 || typeof payload.exp !== 'number') return null;
        if (typeof sessionId !== 'string' || sessionId === '') return null;
        verified.set(token, { userId, sessionId, expiresAtMs: payload.exp * 1000 });
        return { userId, sessionId };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
