import { SignJWT, jwtVerify, errors } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
const ISSUER = 'gestion-des-finances';

export interface TokenClaims {
  userId: number;
}

export interface TokenService {
  sign(claims: TokenClaims, now?: Date): Promise<{ token: string; expiresAt: Date }>;
  /** Null for a missing, malformed, forged or expired token. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId }, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = new Date((issuedAt + TOKEN_LIFETIME_SECONDS) * 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        return Number.isInteger(userId) && userId > 0 ? { userId } : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
