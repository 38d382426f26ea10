import type { JobView, MeResponse } from '@gdf/domain';

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

/** A job as GET /api/traitements/:id answers it: running, 1 of 3 done, cancellable; patched as a test needs. */
export const jobFixture = (patch: Partial<JobView> = {}): JobView => ({
  id: 1,
  type: 'validation_ecritures',
  libelle: 'Traitement',
  statut: 'en_cours',
  annulationDemandee: false,
  fait: 1,
  total: 3,
  etape: null,
  creeLe: '2026-11-29T08:00:00.000Z',
  debuteLe: '2026-11-29T08:00:01.000Z',
  termineLe: null,
  erreur: null,
  resultat: null,
  fichier: null,
  annulable: true,
  ...patch,
});
