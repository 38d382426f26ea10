import { StructureType } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import {
  closeGraphqlContext,
  graphqlClient,
  openGraphqlContext,
  type GraphqlContext,
} from '../graphql/graphql-context';
import { expectFiguresEqualSearch, readStatistics } from './statistics-drill';

/**
 * R-STAT-01 to R-STAT-08 on the demo data: who reads 'Etats statistiques' and over which
 * structures, and every figure equal to the flux search its `recherche` opens, to the cent.
 */
describe.each(testDatabaseTargets())('Etats statistiques (R-STAT) on $name', (target) => {
  let context: GraphqlContext;
  let tokens: { ligue: string; club: string; comite: string };
  let ligueId: number;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    tokens = {
      ligue: await loginAs(context.app, 'ligue@demo.fr'),
      club: await loginAs(context.app, 'club@demo.fr'),
      comite: await loginAs(context.app, 'comite@demo.fr'),
    };
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${tokens.ligue}` },
    });
    ligueId = me.json<{ memberships: Array<{ structureId: number }> }>().memberships[0]!.structureId;
  });
  afterAll(async () => {
    await closeGraphqlContext(context);
  });

  it('R-STAT-01, R-STAT-08: the head office reads its members’ figures, each equal to the flux search’s summary', async () => {
    const siege = await loginAs(context.app, 'siege@demo.fr');
    const figures = await readStatistics(context.app, siege);
    expect(figures.facturationParMois.length).toBeGreaterThan(0);
    expect(figures.recouvrement.factureCentimes).toBeGreaterThan(0);
    expect(figures.arrieres.parAnciennete.map((row) => row.tranche)).toEqual(['0-30', '31-60', '61-90', '90+']);
    // The head office searches its whole scope: no structure key.
    expect(figures.recouvrement.recherche).not.toContain('structure=');
    const compared = await expectFiguresEqualSearch({ app: context.app, token: siege, client: context.siege }, figures);
    expect(compared).toBeGreaterThan(5);
    // The ligues' and comités' rows drill through their territories (R-STAT-08).
    expect(figures.arrieres.parLigue.length).toBeGreaterThan(0);
    expect(figures.arrieres.parComite.length).toBeGreaterThan(0);
  });

  it('R-STAT-02, R-STAT-08: a ligue filter keeps its territory, its figures equal to the search on it', async () => {
    const siege = await loginAs(context.app, 'siege@demo.fr');
    const all = await readStatistics(context.app, siege);
    const ligue = all.arrieres.parLigue[0]!;
    const figures = await readStatistics(context.app, siege, `ligue=${ligue.structureId}`);
    expect(figures.arrieres.parLigue.map((row) => row.structureId)).toEqual([ligue.structureId]);
    expect(figures.arrieres.parLigue[0]!.montantCentimes).toBe(ligue.montantCentimes);
    await expectFiguresEqualSearch({ app: context.app, token: siege, client: context.siege }, figures);
    const club = await context.app.inject({
      method: 'GET',
      url: `/api/statistiques?ligue=${context.clubId}`,
      headers: { authorization: `Bearer ${siege}` },
    });
    expect(club.statusCode, club.body).toBe(400);
    expect(club.json<{ message: string }>().message).toBe(
      `La structure ${context.clubId} n’est pas une ligue régionale.`,
    );
  });

  it('R-STAT-02: a type of structure, a category and a period narrow every figure alike', async () => {
    const siege = await loginAs(context.app, 'siege@demo.fr');
    const all = await readStatistics(context.app, siege);
    const [month] = all.facturationParMois;
    const query = `typeStructure=club&categorie=${month!.categorieId}&debut=${month!.mois}-01`;
    const figures = await readStatistics(context.app, siege, query);
    expect(figures.filtres).toMatchObject({ typeStructure: StructureType.Club, categorie: month!.categorieId });
    expect(figures.facturationParMois.every((row) => row.categorieId === month!.categorieId)).toBe(true);
    expect(figures.recouvrement.recherche).toContain('typeStructure=1');
    await expectFiguresEqualSearch({ app: context.app, token: siege, client: context.siege }, figures);
  });

  it('R-STAT-01, R-SCOPE-03: a ligue reads its own structure’s figures only, drilled to its own structure', async () => {
    const figures = await readStatistics(context.app, tokens.ligue);
    for (const recherche of [figures.recouvrement.recherche, ...figures.facturationParMois.map((row) => row.recherche)])
      expect(new URLSearchParams(recherche).get('structure')).toBe(String(ligueId));
    for (const row of figures.plusFortesHausses) expect(row.structureId).toBe(ligueId);
    const own = await context.database.query<{ cents: string }>(
      `SELECT (coalesce(sum("MontantTTC"), 0) * 100)::bigint::text AS cents FROM "MKP_FluxFinancier"
        WHERE "ID_Structure" = $1 AND "EST_Debit" AND "ID_Saison" = $2 AND "Z_DateCreation" < now()`,
      [ligueId, figures.filtres.saison],
    );
    expect(figures.recouvrement.factureCentimes).toBe(Number(own[0]!.cents));
    await expectFiguresEqualSearch(
      { app: context.app, token: tokens.ligue, client: graphqlClient(context.app, tokens.ligue) },
      figures,
    );
  });

  it('R-STAT-01: a club is refused; a comité reads its own figures', async () => {
    const club = await context.app.inject({
      method: 'GET',
      url: '/api/statistiques',
      headers: { authorization: `Bearer ${tokens.club}` },
    });
    expect(club.statusCode, club.body).toBe(403);
    expect(club.json<{ message: string }>().message).toMatch(/siège, aux ligues et aux comités/);
    const comite = await readStatistics(context.app, tokens.comite);
    expect(comite.recouvrement.recherche).toMatch(/structure=\d+/);
  });

  it('R-STAT-09: the xlsx export is a workbook with one worksheet per table', async () => {
    const siege = await loginAs(context.app, 'siege@demo.fr');
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/statistiques/export',
      headers: { authorization: `Bearer ${siege}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/etats-statistiques-\d{4}-\d{4}-\d{4}-\d{2}-\d{2}\.xlsx/);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    for (const sheet of [1, 9]) expect(bytes.includes(Buffer.from(`xl/worksheets/sheet${sheet}.xml`))).toBe(true);
  });
});
