import { RoleSlug, type ActionGrant, type LoginRequest, type LoginResponse, type ModuleSlugValue } from '@gdf/domain';
import type { Database } from '../../db/database';
import { unauthorized } from '../../lib/http-errors';
import type { Actor } from './actor';
import { findActorRecord, findLoginByEmail, recordLogin } from './auth.repository';
import { verifyPassword } from '../../lib/password';
import type { TokenService } from './token';

export const WRONG_CREDENTIALS_MESSAGE = 'Adresse e-mail ou mot de passe incorrect.';

// Compared against when the e-mail is unknown, so both failures take the same time.
const UNKNOWN_USER_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';

export interface AuthService {
  login(input: LoginRequest): Promise<LoginResponse>;
  /** The actor behind a token, or null when the token or its user is no longer valid. */
  actorFromToken(token: string): Promise<Actor | null>;
}

export function createAuthService(database: Database, tokens: TokenService): AuthService {
  const actorCache = new Map<number, { actor: Actor; expires: number }>();
  const ACTOR_CACHE_MS = 30_000; // role changes apply within 30 s; saves a query per request

  async function loadActor(userId: number): Promise<Actor | null> {
    const cached = actorCache.get(userId);
    if (cached && cached.expires > Date.now()) return cached.actor;
    const record = await findActorRecord(database, userId);
    if (!record) return null;
    const permissions = new Map<number, Set<ModuleSlugValue>>();
    const grants = new Map<number, Set<ActionGrant>>();
    record.memberships.forEach((membership, index) => {
      const modules = permissions.get(membership.structureId) ?? new Set<ModuleSlugValue>();
      for (const slug of record.modulesByMembership[index] ?? []) modules.add(slug);
      permissions.set(membership.structureId, modules);
      const granted = grants.get(membership.structureId) ?? new Set<ActionGrant>();
      for (const grant of record.grantsByMembership[index] ?? []) granted.add(grant);
      grants.set(membership.structureId, granted);
    });
    const actor: Actor = {
      userId: record.userId,
      firstName: record.firstName,
      lastName: record.lastName,
      email: record.email,
      isSuperAdmin: record.memberships.some((m) => m.role.slug === RoleSlug.SuperAdministrateur),
      memberships: record.memberships,
      permissions,
      grants,
    };
    if (actorCache.size > 10_000) actorCache.clear();
    actorCache.set(userId, { actor, expires: Date.now() + ACTOR_CACHE_MS });
    return actor;
  }

  return {
    async login({ email, password }) {
      const login = await findLoginByEmail(database, email);
      const valid = await verifyPassword(password, login?.passwordHash ?? UNKNOWN_USER_HASH);
      if (!login || !valid || !login.active) throw unauthorized(WRONG_CREDENTIALS_MESSAGE);
      await recordLogin(database, login.userId);
      const { token, expiresAt } = await tokens.sign({ userId: login.userId });
      return { token, expiresAt: expiresAt.toISOString() };
    },
    async actorFromToken(token) {
      const claims = await tokens.verify(token);
      return claims ? loadActor(claims.userId) : null;
    },
  };
}
