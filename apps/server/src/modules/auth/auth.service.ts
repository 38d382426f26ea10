import { createHash, randomBytes } from 'node:crypto';
import { loginRetryMessage, type LoginRequest, type LoginResponse } from '@gdf/domain';
import type { Database } from '../../db/database';
import { HttpError, unauthorized } from '../../lib/http-errors';
import type { Actor } from '../scope/actor';
import { findActorRecord, findLoginByEmail, recordLogin } from './auth.repository';
import { actorFromRecord } from './actors';
import { verifyPassword } from '../../lib/password';
import type { TokenService } from './token';
import type { LoginThrottle } from './login-throttle';
import { findSession, insertSession, isSessionActive, revokeSession, rotateRefresh } from './session.repository';
import { TtlCache } from '../../lib/ttl-cache';

// The stored caller, read by the background jobs (they act as their owner) and the demo data too.
export { findActor } from './actors';

export const WRONG_CREDENTIALS_MESSAGE = 'Adresse e-mail ou mot de passe incorrect.';
export const SESSION_OVER_MESSAGE = 'Session expirée ou invalide, merci de vous reconnecter.';

// Compared against when the e-mail is unknown, so both failures take the same time.
const UNKNOWN_USER_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';

export interface SessionSettings {
  /** Absolute lifetime of a session (its refresh cookie), default 8 h: a working day. */
  lifetimeSeconds: number;
  /**
   * How long the refresh token just replaced is still accepted (without a new cookie):
   * two tabs refreshing at once both succeed. Presented later, it is reuse: the session ends.
   */
  rotationGraceSeconds: number;
}

export const DEFAULT_SESSION_SETTINGS: SessionSettings = { lifetimeSeconds: 8 * 60 * 60, rotationGraceSeconds: 30 };

/** What login and refresh hand to the route: the access token, and a refresh token to set as a cookie. */
export interface IssuedSession extends LoginResponse {
  /** Absent after a refresh within the grace period: the browser already holds the newer cookie. */
  refresh?: { value: string; expiresAt: Date };
}

export interface AuthService {
  login(input: LoginRequest, context?: { address: string }): Promise<IssuedSession>;
  refresh(refreshToken: string): Promise<IssuedSession>;
  /** Revokes the session of a refresh token or an access token; silent when there is none. */
  logout(credentials: { refreshToken?: string; accessToken?: string }): Promise<void>;
  /** The actor behind a token, or null when the token, its session or its user is no longer valid. */
  actorFromToken(token: string): Promise<Actor | null>;
}

export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterMs: number) {
    super(429, loginRetryMessage(retryAfterMs), 'too-many-requests');
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');
/** Refresh token: "<session id>.<secret>"; only the secret's hash is stored. */
const REFRESH_TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function createAuthService(
  database: Database,
  tokens: TokenService,
  options: {
    throttle?: LoginThrottle;
    sessions?: SessionSettings;
    onSecurityEvent?: (event: SecurityEvent) => void;
  } = {},
): AuthService {
  const settings = options.sessions ?? DEFAULT_SESSION_SETTINGS;
  const report = options.onSecurityEvent ?? (() => undefined);
  // Roles and memberships apply within 30 s; whether the session still stands is checked on every request.
  const actorCache = new TtlCache<Actor>(10_000, 30_000);

  async function loadActor(userId: number): Promise<Actor | null> {
    const cached = actorCache.get(String(userId));
    if (cached) return cached;
    const record = await findActorRecord(database, userId);
    if (!record) return null;
    const actor = actorFromRecord(record);
    actorCache.set(String(userId), actor);
    return actor;
  }

  async function accessFor(userId: number, sessionId: string): Promise<LoginResponse> {
    const { token, expiresAt } = await tokens.sign({ userId, sessionId });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  async function checkPassword({ email, password }: LoginRequest): Promise<number | null> {
    const login = await findLoginByEmail(database, email);
    const valid = await verifyPassword(password, login?.passwordHash ?? UNKNOWN_USER_HASH);
    return login && valid && login.active ? login.userId : null;
  }

  return {
    async login(input, context) {
      const attempt = options.throttle ? await options.throttle.begin(input.email, context?.address ?? '') : null;
      if (attempt && 'retryAfterMs' in attempt) throw new TooManyAttemptsError(attempt.retryAfterMs);
      const userId = await checkPassword(input);
      if (userId === null) {
        if (attempt && attempt.lockedForMs > 0) {
          report({ kind: 'compte_verrouille', email: input.email, address: context?.address, ms: attempt.lockedForMs });
        }
        throw unauthorized(WRONG_CREDENTIALS_MESSAGE);
      }
      await attempt?.succeeded();
      await recordLogin(database, userId);
      const sessionId = randomBytes(16).toString('base64url');
      const secret = newSecret();
      const expiresAt = new Date(Date.now() + settings.lifetimeSeconds * 1000);
      await insertSession(database, { id: sessionId, userId, refreshHash: sha256(secret), expiresAt });
      return { ...(await accessFor(userId, sessionId)), refresh: { value: `${sessionId}.${secret}`, expiresAt } };
    },

    async refresh(refreshToken) {
      const match = REFRESH_TOKEN.exec(refreshToken);
      if (!match) throw unauthorized(SESSION_OVER_MESSAGE);
      const [, sessionId, secret] = match as unknown as [string, string, string];
      const presented = sha256(secret);
      const next = newSecret();
      const rotated = await rotateRefresh(database, sessionId, presented, sha256(next));
      if (rotated) {
        return {
          ...(await accessFor(rotated.userId, sessionId)),
          refresh: { value: `${sessionId}.${next}`, expiresAt: rotated.expiresAt },
        };
      }
      const session = await findSession(database, sessionId);
      if (!session || !session.live) throw unauthorized(SESSION_OVER_MESSAGE);
      const justReplaced =
        session.previousHash === presented &&
        session.sinceRotationMs !== null &&
        session.sinceRotationMs <= settings.rotationGraceSeconds * 1000;
      if (justReplaced) return accessFor(session.userId, sessionId);
      // An old refresh token came back: someone kept a copy. The whole session ends.
      await revokeSession(database, sessionId, 'reutilisation');
      report({ kind: 'reutilisation_jeton', userId: session.userId });
      throw unauthorized(SESSION_OVER_MESSAGE);
    },

    async logout({ refreshToken, accessToken }) {
      const match = refreshToken ? REFRESH_TOKEN.exec(refreshToken) : null;
      if (match) {
        const session = await findSession(database, match[1] as string);
        const hash = sha256(match[2] as string);
        if (session && (session.refreshHash === hash || session.previousHash === hash)) {
          await revokeSession(database, match[1] as string, 'deconnexion');
          return;
        }
      }
      const claims = accessToken ? await tokens.verify(accessToken) : null;
      if (claims) await revokeSession(database, claims.sessionId, 'deconnexion');
    },

    async actorFromToken(token) {
      const claims = await tokens.verify(token);
      if (!claims || !(await isSessionActive(database, claims.sessionId, claims.userId))) return null;
      return loadActor(claims.userId);
    },
  };
}

export type SecurityEvent =
  | { kind: 'compte_verrouille'; email: string; address: string | undefined; ms: number }
  | { kind: 'reutilisation_jeton'; userId: number };
