import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database';
import { applicationTables, SeedRefusedError } from '@gdf/seed';
import { testDatabaseTargets, type TestDatabase } from './support/databases';
import { seedSmallData } from './support/small-seed';
import { seedSmall } from './support/test-app';

/** Every application table's rows, as one digest per table. */
async function contents(database: Database): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of await applicationTables(database)) {
    const [row] = await database.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${table}" t`,
    );
    digests[table] = row?.digest ?? 'vide';
  }
  return digests;
}

// One database per run: suites start from copies of one template per run (support/templates.ts); a copy
// must be exactly what opening and seeding a database of their own gave them.
describe.each(testDatabaseTargets())('test databases on $name: copies of the run template', (target) => {
  let seeded: Database;
  let copy: TestDatabase;
  let empty: TestDatabase;

  beforeAll(async () => {
    seeded = await openDatabase({ memory: true });
    await seedSmallData(seeded);
    copy = await target.open();
    await seedSmall(copy);
    empty = await target.open();
  });
  afterAll(async () => {
    await Promise.all([seeded?.close(), copy?.close(), empty?.close()]);
  });

  it('seedSmall gives the rows seeding gives, table by table', async () => {
    const expected = await contents(seeded);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(await contents(copy)).toEqual(expected);
  });

  it('open() alone gives a migrated database with no rows; seedSmall still refuses one that holds data', async () => {
    expect(Object.values(await contents(empty)).every((digest) => digest === 'vide')).toBe(true);
    await empty.query(`INSERT INTO "FEDE_Saison" (id, "NomSaison", "NomSaisonShort", "DateDebut", "DateFin", "EST_SaisonCourante")
                       VALUES (2030, '2029-2030', '29-30', '2029-09-01', '2030-08-31', false)`);
    await expect(seedSmall(empty)).rejects.toThrow(SeedRefusedError);
    await expect(seedSmall(copy)).rejects.toThrow(SeedRefusedError);
  });
});
