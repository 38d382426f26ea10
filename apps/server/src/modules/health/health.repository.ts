import type { Database } from '../../db/database';

/** One trivial statement on the priority lane: heavy work filling the main pool never delays it (R-OPS-10). */
export async function pingPrimary(database: Database): Promise<void> {
  await database.query('SELECT 1', [], { priority: true });
}
