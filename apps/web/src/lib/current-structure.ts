import type { Membership } from '@gdf/domain';

/**
 * The structure the user works for: `structureId` from the URL when it is one of the
 * user's memberships (any other id is ignored: the server would refuse it anyway),
 * else the first membership. Undefined only for a user without any membership.
 */
export function resolveCurrentStructure(
  memberships: readonly Membership[],
  requestedStructureId: string | null,
): Membership | undefined {
  const requested = requestedStructureId === null ? Number.NaN : Number(requestedStructureId);
  return memberships.find((membership) => membership.structureId === requested) ?? memberships[0];
}
