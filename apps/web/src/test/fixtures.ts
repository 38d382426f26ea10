import type { MeResponse } from '@gdf/domain';

/** A club treasurer who also sits on the regional league. */
export const meFixture: MeResponse = {
  user: { id: 7, firstName: 'Camille', lastName: 'Martin', email: 'camille.martin@example.fr' },
  isSuperAdmin: false,
  memberships: [
    {
      structureId: 101,
      structureName: 'Club Alpin de Lyon',
      structureType: 1,
      codeFederal: '069001',
      role: { slug: 'administrateur', name: 'Administrateur' },
    },
    {
      structureId: 202,
      structureName: 'Ligue Auvergne-Rhône-Alpes',
      structureType: 4,
      codeFederal: '084000',
      role: { slug: 'administrateur_at', name: 'Administrateur AT' },
    },
  ],
  permissions: { '101': ['gestion_des_finances__dashboard'], '202': ['gestion_des_finances__dashboard'] },
  grants: {},
};

/** A head-office (1318, type 7) administrator holding `modules`, for component tests. */
export function headOfficeMe(modules: readonly string[]): MeResponse {
  return {
    user: { id: 1, email: 'siege@demo.fr', firstName: 'Siège', lastName: 'Démo', isSuperAdmin: false },
    memberships: [{ structureId: 1318, structureName: 'Siège', structureType: 7, roleSlug: 'administrateur_si' }],
    permissions: { '1318': [...modules] },
    grants: {},
  } as unknown as MeResponse;
}
