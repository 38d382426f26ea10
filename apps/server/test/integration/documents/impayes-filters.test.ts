import { OVERDUE_DEFAULT_PAGE_SIZE, type OverdueListPage, type OverdueRow } from '@gdf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { insertFlux, structureOf } from './document-fixtures';
import { useDocumentSuite } from './document-suite';
import { readZip } from './zip-tools';

/**
 * R-UI-20, R-DUE-01: Impayés searched by name, filtered (type, ligue, comité, minimum total
 * échu, ageing bucket, reminded or not), sorted and paged by the server; each filter is
 * checked against the whole list read page by page, so a filter that drops or adds a
 * structure fails.
 */
describe.each(testDatabaseTargets())('Impayés search, filters, sort and pages on $name', (target) => {
  const suite = useDocumentSuite(target);
  let everything: OverdueRow[];
  let uniqueClub: string;

  const page = async (query: string, token = suite.siegeToken) => {
    const response = await suite.get(`/api/impayes${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OverdueListPage>();
  };
  /** Every row the query keeps, page after page of 10 (so paging is crossed too). */
  const all = async (query = '', token = suite.siegeToken) => {
    const rows: OverdueRow[] = [];
    for (let n = 1; ; n++) {
      const answer = await page(`?parPage=10&page=${n}${query}`, token);
      rows.push(...answer.rows);
      if (answer.rows.length < 10) {
        expect(rows).toHaveLength(answer.total);
        return rows;
      }
    }
  };
  const ids = (rows: readonly OverdueRow[]) => rows.map((row) => row.structure.id).sort((a, b) => a - b);
  const structureIdsWhere = async (sql: string, params: unknown[] = []) =>
    new Set((await suite.database.query<{ id: number }>(sql, params)).map((row) => row.id));

  beforeAll(async () => {
    // A club with a name found nowhere else, overdue for 10 days only.
    uniqueClub = 'Club Zéphyr des Écrins';
    await suite.database.query(`UPDATE "STR_Structure" SET "NomStructure" = $1 WHERE id = $2`, [
      uniqueClub,
      suite.clubStructureId,
    ]);
    await insertFlux(suite.database, {
      name: 'Licences en retard',
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '75000',
      createdAt: '2024-01-05T10:00:00Z',
      dueDate: '2024-01-10',
    });
    everything = await all();
  });

  it('by default: the largest total owed first, the first page of 25, and how many in all', async () => {
    const first = await page('');
    expect(first.page).toBe(1);
    expect(first.parPage).toBe(OVERDUE_DEFAULT_PAGE_SIZE);
    expect(first.total).toBe(everything.length);
    expect(first.total).toBeGreaterThan(1);
    expect(first.rows).toHaveLength(Math.min(OVERDUE_DEFAULT_PAGE_SIZE, first.total));
    const totals = everything.map((row) => row.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(first.rows).toEqual(everything.slice(0, first.rows.length));
    expect(new Set(ids(everything)).size).toBe(everything.length);
    // A page past the last is empty, with the same count.
    const past = await page(`?page=${everything.length + 1}&parPage=10`);
    expect(past).toMatchObject({ rows: [], total: everything.length });
  });

  it('typing part of a name finds that structure, whatever the case; a federal code by its start', async () => {
    const found = await page('?recherche=z%C3%A9PHYR%20des');
    expect(found.total).toBe(1);
    expect(found.rows[0]!.structure).toMatchObject({ id: suite.clubStructureId, name: uniqueClub });
    const code = found.rows[0]!.structure.code!;
    const byCode = await all(`&recherche=${encodeURIComponent(code)}`);
    expect(ids(byCode)).toContain(suite.clubStructureId);
    // LIKE's wildcards are searched as text.
    expect((await page('?recherche=%25')).total).toBe(0);
    expect((await page('?recherche=_')).total).toBe(0);
  });

  it('type, ligue and comité keep exactly the structures of the list that are of that type or territory', async () => {
    const clubs = await structureIdsWhere(`SELECT id FROM "STR_Structure" WHERE "ID_TypeStructure" = 1`);
    expect(ids(await all('&type=1'))).toEqual(ids(everything.filter((row) => clubs.has(row.structure.id))));
    const [territory] = await suite.database.query<{ ligue: number; comite: number }>(
      `SELECT d."ID_Ligue" AS ligue, d."ID_Comite" AS comite FROM "STR_Structure" s
         JOIN "ADR_Departement" d ON d.id = s."ID_Departement" WHERE s.id = $1`,
      [suite.clubStructureId],
    );
    for (const [key, column, id] of [
      ['ligueId', 'ID_Ligue', territory!.ligue],
      ['comiteId', 'ID_Comite', territory!.comite],
    ] as const) {
      if (id === null) continue;
      const inside = await structureIdsWhere(
        `SELECT s.id FROM "STR_Structure" s LEFT JOIN "ADR_Departement" d ON d.id = s."ID_Departement"
          WHERE s.id = $1 OR d."${column}" = $1`,
        [id],
      );
      const kept = await all(`&${key}=${id}`);
      expect(ids(kept), key).toContain(suite.clubStructureId);
      expect(ids(kept), key).toEqual(ids(everything.filter((row) => inside.has(row.structure.id))));
    }
  });

  it('a minimum total échu and an ageing bucket keep the structures that owe that much, that late', async () => {
    const minimum = everything[Math.floor(everything.length / 2)]!.total;
    const rich = await all(`&montantMin=${minimum}`);
    expect(ids(rich)).toEqual(ids(everything.filter((row) => row.total >= minimum)));
    expect(rich.every((row) => row.total >= minimum)).toBe(true);
    const late = await all('&anciennete=90%2B');
    expect(ids(late)).toEqual(ids(everything.filter((row) => row.buckets['90+'] > 0)));
    expect(ids(late)).toContain(suite.clubStructureId);
    const recent = await all('&anciennete=0-30');
    expect(ids(recent)).toEqual(ids(everything.filter((row) => row.buckets['0-30'] > 0)));
    // Filters combine: the unique club with a minimum above what it owes is gone.
    const club = everything.find((row) => row.structure.id === suite.clubStructureId)!;
    expect((await page(`?recherche=Z%C3%A9phyr&montantMin=${club.total + 1}`)).total).toBe(0);
    expect((await page(`?recherche=Z%C3%A9phyr&montantMin=${club.total}`)).total).toBe(1);
  });

  it('reminded or not (R-DUE-05 letters): a letter moves its structure from "non" to "oui"', async () => {
    const target = everything.find((row) => row.lastReminder === null && row.structure.id !== 1318)!;
    const never = ids(await all('&relance=non'));
    expect(never).toContain(target.structure.id);
    const issued = await suite.app.inject({
      method: 'POST',
      url: '/api/impayes/relances',
      headers: { authorization: `Bearer ${suite.siegeToken}` },
      payload: { structureIds: [target.structure.id], level: 1 },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const reminded = await all('&relance=oui');
    const notReminded = await all('&relance=non');
    expect(ids(reminded)).toContain(target.structure.id);
    expect(ids(notReminded)).not.toContain(target.structure.id);
    expect(reminded.every((row) => row.lastReminder !== null)).toBe(true);
    expect(notReminded.every((row) => row.lastReminder === null)).toBe(true);
    expect(ids([...reminded, ...notReminded])).toEqual(ids(everything));
  });

  it('sorts by name, by age and by amount, either way, across pages', async () => {
    const byName = (await all('&tri=structure&ordre=asc')).map((row) => row.structure.name);
    expect(byName).toEqual(
      [...byName].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base', numeric: true })),
    );
    const byAge = (await all('&tri=oldestDaysLate&ordre=desc')).map((row) => row.oldestDaysLate);
    expect(byAge).toEqual([...byAge].sort((a, b) => b - a));
    const smallestFirst = (await all('&tri=total&ordre=asc')).map((row) => row.total);
    expect(smallestFirst).toEqual([...smallestFirst].sort((a, b) => a - b));
  });

  it('the xlsx export holds every structure the filters keep, not one page', async () => {
    const kept = await all('&type=1');
    const response = await suite.get('/api/impayes?format=xlsx&type=1&parPage=10&page=2', suite.siegeToken);
    expect(response.statusCode, response.body).toBe(200);
    const sheet = readZip(response.rawPayload).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    // The header line, the column titles, then one row per structure.
    expect(sheet.match(/<row /g)?.length).toBe(kept.length + 2);
  });

  it('R-SCOPE-01: no filter widens a ligue’s scope (its own structure at most)', async () => {
    const ligue = await loginAs(suite.app, 'ligue@demo.fr');
    const own = await structureOf(suite.database, 'ligue@demo.fr');
    for (const query of [
      '',
      '&type=1',
      `&recherche=${encodeURIComponent(uniqueClub)}`,
      '&relance=non',
      '&tri=structure',
    ])
      expect(
        (await all(query, ligue)).every((row) => row.structure.id === own),
        query,
      ).toBe(true);
  });

  it('bad parameters are refused (400) in French, naming what is expected', async () => {
    for (const [query, message] of [
      ['?type=9', 'type de structure attendu : un numéro de 1 à 7'],
      ['?ligueId=x', 'ligue attendue : un numéro de structure'],
      ['?comiteId=0', 'comité attendu : un numéro de structure'],
      ['?montantMin=12,50', 'montant minimum attendu : un nombre entier de centimes'],
      ['?anciennete=100', 'ancienneté attendue : 0-30, 31-60, 61-90 ou 90+'],
      ['?relance=1', 'relance attendue : oui ou non'],
      ['?page=0', 'page attendue : un numéro à partir de 1'],
      ['?parPage=500', 'lignes par page attendues : 10, 25, 50, 100'],
      ['?tri=age', 'tri inconnu'],
    ] as const) {
      const response = await suite.get(`/api/impayes${query}`, suite.siegeToken);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
  });
});
