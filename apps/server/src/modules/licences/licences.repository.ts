import type { Database } from '../../db/database';

export async function countLicences(database: Database, structureId: number, seasonId: number): Promise<number> {
  const [row] = await database.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM "LIC_Licence" WHERE "ID_Structure" = $1 AND "ID_Saison" = $2`,
    [structureId, seasonId],
  );
  return row?.count ?? 0;
}
