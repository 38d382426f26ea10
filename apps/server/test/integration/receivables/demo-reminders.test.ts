import { addDays, parisToday } from '@gdf/domain';
import { demoUserId } from '@gdf/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { issueDemoReminders } from '../../../src/modules/impayes/demo-reminders';
import { testDatabaseTargets } from '../support/databases';
import { seedSmall, TEST_TODAY } from '../support/test-app';

interface Letter {
  structure: number;
  sender: number;
  user: number;
  level: number;
  rank: number;
  day: string;
  total: number;
  cited: number;
}

/** The demo's first run sends reminder letters as the head office would (R-DUE-01, R-DUE-02, R-DATA-08). */
describe.each(testDatabaseTargets())('the demo’s reminder letters on $name', (target) => {
  let database: Database;
  let issued: number;
  let letters: Letter[];
  const today = parisToday(TEST_TODAY);

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    issued = await issueDemoReminders(database, demoUserId('siege@demo.fr'), TEST_TODAY);
    letters = await database.query<Letter>(
      `SELECT r."ID_Structure" AS structure, r."ID_StructureEmettrice" AS sender, r."ID_Utilisateur" AS "user",
              r."Niveau" AS level, r."Rang" AS rank, r."DateRelance"::text AS day, r."CentimesTotal"::int AS total,
              (SELECT count(*)::int FROM "MKP_RelanceFlux" f WHERE f."ID_Relance" = r.id) AS cited
         FROM "MKP_Relance" r ORDER BY r."DateRelance", r."ID_Structure"`,
    );
  });
  afterAll(async () => database?.close());

  it('sends first letters five weeks ago, from the head office, each citing what was overdue', () => {
    const first = letters.filter((letter) => letter.day === addDays(today, -35));
    expect(first).toHaveLength(6);
    for (const letter of first) {
      expect(letter).toMatchObject({ level: 1, rank: 1, sender: 1318, user: demoUserId('siege@demo.fr') });
      expect(letter.total).toBeGreaterThan(0);
      expect(letter.cited).toBeGreaterThan(0);
    }
  });

  it('escalates last week to level 2 for those of them still late, and nothing else', () => {
    const firstStructures = new Set(letters.filter((l) => l.day === addDays(today, -35)).map((l) => l.structure));
    const second = letters.filter((letter) => letter.day === addDays(today, -8));
    expect(second.length).toBeGreaterThan(0);
    expect(second.length).toBeLessThanOrEqual(3);
    for (const letter of second) {
      expect(firstStructures.has(letter.structure)).toBe(true);
      expect(letter).toMatchObject({ level: 2, rank: 2 });
    }
    expect(letters).toHaveLength(firstStructures.size + second.length);
    expect(issued).toBe(letters.length);
  });

  it('stores each letter as a PDF in the document store', async () => {
    const [row] = await database.query<{ pdfs: number }>(
      `SELECT count(*)::int AS pdfs FROM "MKP_Relance" r JOIN "DOC_Contenu" c ON c.id = r."ID_Contenu"
        WHERE substr(c."Octets", 1, 5) = '\\x255044462d'::bytea`,
    );
    expect(row?.pdfs).toBe(letters.length);
  });
});
