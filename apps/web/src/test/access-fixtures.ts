import {
  ALL_MODULE_SLUGS,
  HEAD_OFFICE_STRUCTURE_ID,
  type ActionGrant,
  type MeResponse,
  type Membership,
  type ModuleSlugValue,
  type StructureStatusResponse,
} from '@gdf/domain';
import { meFixture } from '@/test/fixtures';
import { jsonResponse, type ApiHandler } from '@/test/stub-api';

export const headOfficeMembership: Membership = {
  structureId: HEAD_OFFICE_STRUCTURE_ID,
  structureName: 'Fédération Française de la Montagne et de l’Escalade',
  structureType: 7,
  codeFederal: '000',
  role: { slug: 'administrateur_si', name: 'Administrateur SI' },
};

/** A user whose only structure is `membership`, holding `permissions` (and write `grants`) there. */
export function meWith(
  membership: Membership,
  permissions: readonly ModuleSlugValue[],
  isSuperAdmin = false,
  grants: readonly ActionGrant[] = [],
): MeResponse {
  return {
    ...meFixture,
    isSuperAdmin,
    memberships: [membership],
    permissions: { [String(membership.structureId)]: [...permissions] },
    grants: { [String(membership.structureId)]: [...grants] },
  };
}

/** meFixture's user, also head-office IT administrator (first, so current), with every module everywhere. */
export const fullAccessMe: MeResponse = {
  ...meFixture,
  memberships: [headOfficeMembership, ...meFixture.memberships],
  permissions: Object.fromEntries(
    [headOfficeMembership, ...meFixture.memberships].map((m) => [String(m.structureId), [...ALL_MODULE_SLUGS]]),
  ),
};

/** GET /api/structures/{id}/status answering for `membership`, affiliated and not blocked unless told. */
export function statusApi(
  membership: Membership,
  overrides: Partial<StructureStatusResponse> = {},
): Record<string, ApiHandler> {
  const status: StructureStatusResponse = {
    id: membership.structureId,
    NomStructure: membership.structureName,
    ID_TypeStructure: membership.structureType,
    EST_Bloquee: false,
    affiliated: true,
    affiliatedCurrentSeason: true,
    ...overrides,
  };
  return { [`GET /api/structures/${membership.structureId}/status`]: () => jsonResponse(status) };
}

/** apps/server's default module matrix for a club administrator (role-modules.ts). */
export const CLUB_PERMISSIONS: readonly ModuleSlugValue[] = [
  'gestion_des_finances__dashboard',
  'gestion_des_finances__flux_financiers',
  'gestion_des_finances__recapitulatif',
  'gestion_des_finances__etats_statistiques',
  'export__sage',
];

export const clubMembership = meFixture.memberships[0] as Membership;
export const ligueMembership = meFixture.memberships[1] as Membership;
