import { RoleSlug, type ActionGrant, type ModuleSlugValue } from '@gdf/domain';
import type { Actor } from '../scope/actor';
import type { Database } from '../../db/database';
import { findActorRecord, type ActorRecord } from './auth.repository';

/** The caller every service sees, from its stored memberships: modules and grants per structure. */
export function actorFromRecord(record: ActorRecord): Actor {
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
  return {
    userId: record.userId,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    isSuperAdmin: record.memberships.some((m) => m.role.slug === RoleSlug.SuperAdministrateur),
    memberships: record.memberships,
    permissions,
    grants,
  };
}

/** A user as the caller every service sees, or null when unknown or inactive. */
export async function findActor(database: Database, userId: number): Promise<Actor | null> {
  const record = await findActorRecord(database, userId);
  return record ? actorFromRecord(record) : null;
}
