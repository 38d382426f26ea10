import type { OverdueRow } from '@gdf/domain';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { useDocumentSuite } from './document-suite';

/**
 * Attacks on 'a reminder letter is issued once' (R-DUE-05): selections of two structures sent
 * at the same time in opposite orders, and a last letter of another structure.
 */
describe.each(testDatabaseTargets())('Reminder letters issued once under attack (R-DUE-05) on $name', (target) => {
  const suite = useDocumentSuite(target);
  const post = (body: unknown) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/impayes/relances',
      headers: { authorization: `Bearer ${suite.siegeToken}` },
      payload: body as object,
    });
  const letters = async (structureIds: number[]) =>
    suite.database.query<{ structure: number; rank: number }>(
      `SELECT "ID_Structure" AS structure, "Rang" AS rank FROM "MKP_Relance"
        WHERE "ID_Structure" = ANY($1::int[]) ORDER BY "ID_Structure", "Rang"`,
      [structureIds],
    );

  it('ten simultaneous issues on two structures, in opposite orders: at most one letter each, every other a French 409', async () => {
    const response = await suite.get('/api/impayes', suite.siegeToken);
    expect(response.statusCode, response.body).toBe(200);
    const fresh = response
      .json<{ rows: OverdueRow[] }>()
      .rows.filter((row) => row.structure.id !== suite.clubStructureId && row.lastReminder === null)
      .map((row) => row.structure.id);
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    const [first, second] = fresh as [number, number];
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post({ structureIds: index % 2 === 0 ? [first, second] : [second, first], lastReminderIds: [null, null] }),
      ),
    );
    const statuses = responses.map((item) => item.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    for (const refused of responses.filter((item) => item.statusCode === 409)) {
      expect(refused.json<{ message: string }>().message).toMatch(/^Une lettre de relance vient d’être émise pour /);
    }
    expect(await letters([first, second])).toEqual([
      { structure: Math.min(first, second), rank: 1 },
      { structure: Math.max(first, second), rank: 1 },
    ]);
  });
});
