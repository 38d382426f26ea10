import { HEAD_OFFICE_STRUCTURE_ID, StructureType } from '@gdf/domain';
import type { Database } from '../../apps/server/src/db/database';
import type { RequestScope } from '../../apps/server/src/modules/scope/scope';

/** A super administrateur acting for the head office, as the routes would resolve it. */
export async function headOfficeScope(database: Database): Promise<RequestScope> {
  const [user] = await database.query<{ id: number }>(
    `SELECT id FROM "UTI_Utilisateur" WHERE "CT_Email" = 'super.admin@demo.fr'`,
  );
  return {
    actor: {
      userId: user?.id ?? 1,
      firstName: 'Bench',
      lastName: 'Bench',
      email: 'super.admin@demo.fr',
      isSuperAdmin: true,
      memberships: [],
      permissions: new Map(),
      grants: new Map(),
    },
    currentStructureId: HEAD_OFFICE_STRUCTURE_ID,
    currentStructureType: StructureType.Federation,
    unrestricted: true,
    standing: { blocked: false, affiliated: true, affiliatedCurrentSeason: true },
  };
}
