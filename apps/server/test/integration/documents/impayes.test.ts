import {
  calendarDaysBetween,
  parisToday,
  type IssuedReminder,
  type OverdueListPage,
  type OverdueRow,
} from '@gdf/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { insertFlux, oneId, structureOf } from './document-fixtures';
import { pdfBody, useDocumentSuite } from './document-suite';
import { pdfText } from './pdf-tools';
import { readZip } from './zip-tools';

interface ListJson {
  asOf: string;
  rows: OverdueRow[];
}

/**
 * 'Impayés': the head office, ligues and comités list the structures of their scope with
 * overdue flux and issue reminder letters (stored once, audited); clubs are refused.
 */
describe.each(testDatabaseTargets())('Impayés and reminder letters on $name', (target) => {
  const suite = useDocumentSuite(target);
  let ligueToken: string;
  let comiteToken: string;
  let ligueId: number;
  let comiteId: number;
  let lateFlux: number;
  const post = (body: unknown, token: string) =>
    suite.app.inject({
      method: 'POST',
      url: '/api/impayes/relances',
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });
  /** The whole list, read page after page (R-UI-20: the server sends one page). */
  const list = async (token: string, query = ''): Promise<ListJson> => {
    const rows: OverdueRow[] = [];
    for (let n = 1; ; n++) {
      const response = await suite.get(`/api/impayes?parPage=100&page=${n}${query.replace('?', '&')}`, token);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<OverdueListPage>();
      rows.push(...answer.rows);
      if (answer.rows.length < 100) return { asOf: answer.asOf, rows };
    }
  };
  const rowOf = (rows: OverdueRow[], id: number) => rows.find((row) => row.structure.id === id);
  const count = async (table: string) =>
    Number((await suite.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${table}"`))[0]!.n);
  const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

  beforeAll(async () => {
    ligueToken = await loginAs(suite.app, 'ligue@demo.fr');
    comiteToken = await loginAs(suite.app, 'comite@demo.fr');
    ligueId = await structureOf(suite.database, 'ligue@demo.fr');
    comiteId = await structureOf(suite.database, 'comite@demo.fr');
  });

  it('the head office lists structures with overdue flux: a flux unpaid past its due date lands in its ageing bucket', async () => {
    const before = rowOf((await list(suite.siegeToken)).rows, suite.clubStructureId);
    lateFlux = await insertFlux(suite.database, {
      name: 'Licences impayées',
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '123.45',
      createdAt: '2024-01-05T10:00:00Z',
      dueDate: '2024-01-10',
    });
    const { asOf, rows } = await list(suite.siegeToken);
    expect(asOf).toBe(parisToday());
    const after = rowOf(rows, suite.clubStructureId)!;
    expect(after.buckets['90+'] - (before?.buckets['90+'] ?? 0)).toBe(12_345);
    expect(after.total - (before?.total ?? 0)).toBe(12_345);
    for (const row of rows) {
      expect(row.total).toBe(row.buckets['0-30'] + row.buckets['31-60'] + row.buckets['61-90'] + row.buckets['90+']);
      expect(row.total).toBeGreaterThan(0);
    }
    // Paid and not yet due flux are not overdue.
    const paid = await insertFlux(suite.database, {
      name: 'Payée',
      categoryId: 4,
      structureId: suite.clubStructureId,
      seasonId: suite.seasonId,
      amount: '1000',
      dueDate: '2024-01-10',
    });
    await suite.database.query(`UPDATE "MKP_FluxFinancier" SET "EST_Reglement" = true WHERE id = $1`, [paid]);
    expect(rowOf((await list(suite.siegeToken)).rows, suite.clubStructureId)?.total).toBe(after.total);
  });

  it('sorts as asked and exports the list as xlsx in that order', async () => {
    const byName = (await list(suite.siegeToken, '?tri=structure&ordre=asc')).rows.map((row) => row.structure.name);
    expect(byName).toEqual(
      [...byName].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base', numeric: true })),
    );
    const totals = (await list(suite.siegeToken, '?tri=total&ordre=desc')).rows.map((row) => row.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    const response = await suite.get('/api/impayes?format=xlsx&tri=total&ordre=desc', suite.siegeToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="impayes-${parisToday()}.xlsx"`);
    const entries = readZip(response.rawPayload);
    const sheet = entries.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    const strings = entries.get('xl/sharedStrings.xml')?.toString('utf8') ?? '';
    const text = sheet + strings;
    expect(text).toContain('Plus de 90 jours');
    expect(text).toContain('Dernière relance');
    const club = rowOf((await list(suite.siegeToken)).rows, suite.clubStructureId)!;
    expect(sheet).toContain(`<v>${club.total / 100}</v>`);
  });

  it('bad input is refused in French, before anything is written', async () => {
    const letters = await count('MKP_Relance');
    const cases: Array<[unknown, string]> = [
      [{ structureIds: [] }, 'Sélectionnez au moins une structure.'],
      [{ structureIds: [suite.clubStructureId], level: 4 }, 'niveau de relance attendu : 1, 2 ou 3'],
      [{ structureIds: [suite.clubStructureId, suite.clubStructureId] }, 'Une structure est sélectionnée deux fois.'],
      [{ structureIds: ['x'] }, ''],
      [{ structureIds: [suite.clubStructureId], extra: 1 }, ''],
    ];
    for (const [body, message] of cases) {
      const response = await post(body, suite.siegeToken);
      expect(response.statusCode, response.body).toBe(400);
      if (message) expect(messageOf(response)).toContain(message);
    }
    for (const query of ['?tri=foo', '?ordre=up', '?format=pdf'])
      expect((await suite.get(`/api/impayes${query}`, suite.siegeToken)).statusCode).toBe(400);
    for (const url of ['/api/impayes/relances/abc/lettre.pdf', '/api/impayes/relances.zip?ids=1;2'])
      expect((await suite.get(url, suite.siegeToken)).statusCode).toBe(400);
    expect(await count('MKP_Relance')).toBe(letters);
  });

  it('a level-1 letter cites each overdue invoice and the legal terms; stored once, the same bytes at every download', async () => {
    const audits = await count('APP_AuditLog');
    const response = await post({ structureIds: [suite.clubStructureId], level: 1 }, suite.siegeToken);
    expect(response.statusCode, response.body).toBe(201);
    const [issued] = response.json<{ relances: IssuedReminder[] }>().relances;
    expect(issued).toMatchObject({ structureId: suite.clubStructureId, level: 1, date: parisToday() });
    expect(await count('APP_AuditLog')).toBe(audits + 1);

    const url = `/api/impayes/relances/${issued!.id}/lettre.pdf`;
    const first = await suite.get(url, suite.siegeToken);
    const second = await suite.get(url, suite.siegeToken);
    expect(first.headers['content-disposition']).toBe(`attachment; filename="${issued!.fileName}"`);
    expect(pdfBody(second).equals(pdfBody(first))).toBe(true);
    expect(first.headers['x-document-sha256']).toBe(issued!.sha256);
    const text = pdfText(pdfBody(first)).replace(/\s+/g, ' ');
    expect(text).toContain('RAPPEL AMIABLE');
    expect(text).toContain(`${suite.seasonId}-FFME-${lateFlux}`);
    expect(text).toContain('123,45');
    expect(text).toContain('10/01/2024');
    expect(text).toContain(String(calendarDaysBetween('2024-01-10', parisToday())));
    expect(text).toContain('L441-10');
    expect(text).toContain('D441-5');
    expect(pdfBody(first).toString('latin1')).toMatch(/\/OutputIntents \[\d+ 0 R\]/);

    const [cited] = await suite.database.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM "MKP_RelanceFlux" WHERE "ID_Relance" = $1 AND "ID_FluxFinancier" = $2`,
      [issued!.id, lateFlux],
    );
    expect(cited!.n).toBe('1');
    // The list shows it as the last reminder and proposes the next level.
    const row = rowOf((await list(suite.siegeToken)).rows, suite.clubStructureId)!;
    expect(row.lastReminder).toMatchObject({ id: issued!.id, level: 1, date: parisToday() });
    expect(row.proposedLevel).toBe(2);
  });

  it('an issued letter never changes: the database refuses UPDATE and DELETE', async () => {
    const id = await oneId(suite.database, `SELECT id FROM "MKP_Relance" ORDER BY id LIMIT 1`);
    await expect(suite.database.query(`UPDATE "MKP_Relance" SET "Niveau" = 3 WHERE id = $1`, [id])).rejects.toThrow(
      /ne peut plus être modifiée/,
    );
    await expect(suite.database.query(`DELETE FROM "MKP_RelanceFlux" WHERE "ID_Relance" = $1`, [id])).rejects.toThrow(
      /ne peut plus être modifiée/,
    );
  });

  it('without a level the proposed one follows the last letter; a selection downloads as one ZIP of letters', async () => {
    const other = (await list(suite.siegeToken)).rows.find((row) => row.structure.id !== suite.clubStructureId)!;
    const response = await post({ structureIds: [suite.clubStructureId, other.structure.id] }, suite.siegeToken);
    expect(response.statusCode, response.body).toBe(201);
    const letters = response.json<{ relances: IssuedReminder[] }>().relances;
    expect(letters.map((letter) => letter.level)).toEqual([2, other.proposedLevel]);
    const zip = await suite.get(
      `/api/impayes/relances.zip?ids=${letters.map((l) => l.id).join(',')}`,
      suite.siegeToken,
    );
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = readZip(zip.rawPayload);
    expect([...entries.keys()]).toEqual(letters.map((letter) => letter.fileName));
    const single = await suite.get(`/api/impayes/relances/${letters[0]!.id}/lettre.pdf`, suite.siegeToken);
    expect(entries.get(letters[0]!.fileName)!.equals(single.rawPayload)).toBe(true);
    expect(pdfText(single.rawPayload)).toContain('RELANCE');
  });

  it('R-DUE-05: ten simultaneous issues for one structure give one letter; sent one after another, the level rises', async () => {
    const target = (await list(suite.siegeToken)).rows.find(
      (row) => row.structure.id !== suite.clubStructureId && row.lastReminder === null,
    )!;
    expect(target.proposedLevel).toBe(1);
    const letters = async () =>
      suite.database.query<{ level: number; rank: number }>(
        `SELECT "Niveau" AS level, "Rang" AS rank FROM "MKP_Relance" WHERE "ID_Structure" = $1 ORDER BY id`,
        [target.structure.id],
      );
    const audits = async () =>
      Number(
        (
          await suite.database.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM "APP_AuditLog" WHERE "Action" = 'emission_relance'
                AND ("Details"->>'structure')::int = $1`,
            [target.structure.id],
          )
        )[0]!.n,
      );
    // Ten 'Relancer' from lists that showed no letter yet: each names that none.
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post({ structureIds: [target.structure.id], lastReminderIds: [null] }, suite.siegeToken),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(messageOf(refused)).toBe(
        `Une lettre de relance vient d’être émise pour ${target.structure.name} : rechargez la liste des impayés avant de relancer à nouveau.`,
      );
    }
    expect(await letters()).toEqual([{ level: 1, rank: 1 }]);
    expect(await audits()).toBe(1);
    // One after another, each from the list reloaded: 2, then 3, then 3 again (the highest level);
    // the last one without naming what it saw (the server reads the last letter).
    for (const [expected, named] of [
      [2, true],
      [3, true],
      [3, false],
    ] as const) {
      const row = rowOf((await list(suite.siegeToken)).rows, target.structure.id)!;
      expect(row.proposedLevel).toBe(expected);
      const body = named
        ? { structureIds: [target.structure.id], lastReminderIds: [row.lastReminder!.id] }
        : { structureIds: [target.structure.id] };
      const next = await post(body, suite.siegeToken);
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json<{ relances: IssuedReminder[] }>().relances[0]!.level).toBe(expected);
    }
    expect(await letters()).toEqual([
      { level: 1, rank: 1 },
      { level: 2, rank: 2 },
      { level: 3, rank: 3 },
      { level: 3, rank: 4 },
    ]);
    // A list that showed an older letter, or another structure's letter: nothing is written.
    const [first] = await suite.database.query<{ id: number }>(
      `SELECT min(id) AS id FROM "MKP_Relance" WHERE "ID_Structure" = $1`,
      [target.structure.id],
    );
    const stale = await post({ structureIds: [target.structure.id], lastReminderIds: [first!.id] }, suite.siegeToken);
    expect(stale.statusCode, stale.body).toBe(409);
    const [foreign] = await suite.database.query<{ id: number }>(
      `SELECT min(id) AS id FROM "MKP_Relance" WHERE "ID_Structure" <> $1`,
      [target.structure.id],
    );
    const misnamed = await post(
      { structureIds: [target.structure.id], lastReminderIds: [foreign!.id] },
      suite.siegeToken,
    );
    expect(misnamed.statusCode, misnamed.body).toBe(404);
    expect(await letters()).toHaveLength(4);
    expect(await audits()).toBe(4);
  });

  it('a structure with nothing overdue gets no letter, in French, and nothing is written', async () => {
    const listed = new Set((await list(suite.siegeToken)).rows.map((row) => row.structure.id));
    const quiet = await oneId(
      suite.database,
      `SELECT id FROM "STR_Structure" WHERE "ID_Federation" = 1318 AND NOT (id = ANY($1::int[])) ORDER BY id LIMIT 1`,
      [`{${[...listed].join(',')}}`],
    );
    const letters = await count('MKP_Relance');
    const response = await post({ structureIds: [suite.clubStructureId, quiet] }, suite.siegeToken);
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toMatch(/^Aucun impayé échu pour .+ : il n’y a rien à relancer/);
    expect(await count('MKP_Relance')).toBe(letters);
  });

  it('a ligue and a comité see only their scope and never remind or download outside it', async () => {
    const [letter] = await suite.database.query<{ id: number }>(
      `SELECT id FROM "MKP_Relance" WHERE "ID_Structure" = $1 ORDER BY id LIMIT 1`,
      [suite.clubStructureId],
    );
    for (const [token, own] of [
      [ligueToken, ligueId],
      [comiteToken, comiteId],
    ] as const) {
      await insertFlux(suite.database, {
        name: 'Cotisation territoriale',
        categoryId: 4,
        structureId: own,
        seasonId: suite.seasonId,
        amount: '10',
        dueDate: '2024-01-10',
      });
      const rows = (await list(token)).rows;
      // Its own overdue flux, and nothing of the structures out of its scope.
      expect(rowOf(rows, own)).toBeDefined();
      expect(rows.every((row) => row.structure.id === own)).toBe(true);
      const letters = await count('MKP_Relance');
      const refused = await post({ structureIds: [suite.clubStructureId], level: 1 }, token);
      expect(refused.statusCode, refused.body).toBe(404);
      expect(messageOf(refused)).toBe('Structure introuvable');
      expect(await count('MKP_Relance')).toBe(letters);
      // Its own overdue flux are listed, but a structure never sends itself a letter.
      const toItself = await post({ structureIds: [own], level: 1 }, token);
      expect(toItself.statusCode, toItself.body).toBe(400);
      expect(messageOf(toItself)).toBe(
        'Votre structure ne peut pas s’adresser une relance à elle-même : retirez-la de la sélection.',
      );
      expect(await count('MKP_Relance')).toBe(letters);
      const pdf = await suite.get(`/api/impayes/relances/${letter!.id}/lettre.pdf`, token);
      expect(pdf.statusCode).toBe(404);
      expect((await suite.get(`/api/impayes/relances.zip?ids=${letter!.id}`, token)).statusCode).toBe(404);
    }
  });

  it('a club is refused the list, the letters and their downloads', async () => {
    const [letter] = await suite.database.query<{ id: number }>(
      `SELECT id FROM "MKP_Relance" WHERE "ID_Structure" = $1 ORDER BY id LIMIT 1`,
      [suite.clubStructureId],
    );
    const responses = [
      await suite.get('/api/impayes', suite.clubToken),
      await suite.get('/api/impayes?format=xlsx', suite.clubToken),
      await post({ structureIds: [suite.clubStructureId] }, suite.clubToken),
      await suite.get(`/api/impayes/relances/${letter!.id}/lettre.pdf`, suite.clubToken),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(403);
      expect(messageOf(response)).toBe(
        'Les impayés sont suivis par le siège, les ligues et les comités : votre structure n’y a pas accès.',
      );
    }
    expect((await suite.get('/api/impayes')).statusCode).toBe(401);
  });
});
