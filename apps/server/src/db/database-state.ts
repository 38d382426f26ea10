import type { Database } from './database';

/** True before the first seed: no structure at all. */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const rows = await database.query<{ present: boolean }>(`SELECT EXISTS (SELECT 1 FROM "STR_Structure") AS "present"`);
  return !rows[0]?.present;
}
