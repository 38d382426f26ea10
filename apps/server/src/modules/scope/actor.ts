import type { ActionGrant, Membership, ModuleSlugValue } from '@gdf/domain';

/** The signed-in caller, as every service sees it: built by the auth module, read by the scope rules. */
export interface Actor {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  isSuperAdmin: boolean;
  memberships: Membership[];
  /** Module slugs allowed, per structure id the caller is a member of. */
  permissions: Map<number, Set<ModuleSlugValue>>;
  /** Write grants ('module:action', e.g. flux write or relaunch), per structure id. */
  grants: Map<number, Set<ActionGrant>>;
}
