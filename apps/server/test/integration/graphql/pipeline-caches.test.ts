import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { closeGraphqlContext, openGraphqlContext, sqlIds, type GraphqlContext } from './graphql-context';

/**
 * What invalidates each cache the GraphQL read pipeline keeps (graphql/execution/, ADR 0040).
 * The clock stands still unless a test moves it (timers stay real), so nothing here passes
 * because a time-to-live ran out by itself on a slow machine.
 */
const SEARCH = `query Recherche($where: MKP_FluxFinancier_bool_exp!) {
  MKP_FluxFinancier(where: $where, order_by: [{Z_DateCreation: desc}, {id: desc}], limit: 30) { id NomFluxFinancier ID_Structure }
  total: MKP_FluxFinancier_aggregate(where: $where, limit: 10001) { aggregate { count } }
}`;
const RENAME = `mutation($id: Int!, $name: String!) {
  update_MKP_FluxFinancier_by_pk(pk_columns: {id: $id}, _set: {NomFluxFinancier: $name}) { id NomFluxFinancier }
}`;

interface Search {
  MKP_FluxFinancier: Array<{ id: number; NomFluxFinancier: string; ID_Structure: number }>;
  total: { aggregate: { count: number } };
}

describe.each(testDatabaseTargets())('what invalidates the read pipeline’s caches on $name', (target) => {
  let context: GraphqlContext;
  let clubFlux: number;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    [clubFlux] = (await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 ORDER BY id LIMIT 1`,
      [context.clubId],
    )) as [number];
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await closeGraphqlContext(context);
  });

  it('shared reads: a flux write clears the shared read of a search, page and count', async () => {
    const byLabel = { where: { NomFluxFinancier: { _ilike: '%Renommée par le test%' } } };
    const byId = { where: { id: { _eq: clubFlux } } };
    const before = await context.siege<Search>(SEARCH, byLabel);
    expect(before.data?.total.aggregate.count).toBe(0);
    expect((await context.siege<Search>(SEARCH, byId)).data?.MKP_FluxFinancier[0]?.NomFluxFinancier).not.toBe(
      'Renommée par le test',
    );

    const renamed = await context.siege(RENAME, { id: clubFlux, name: 'Renommée par le test' });
    expect(renamed.errors).toBeUndefined();

    // Same second, same texts and parameters: only the write's clearing makes these fresh.
    const after = await context.siege<Search>(SEARCH, byLabel);
    expect(after.data?.MKP_FluxFinancier.map((row) => row.id)).toEqual([clubFlux]);
    expect(after.data?.total.aggregate.count).toBe(1);
    expect((await context.siege<Search>(SEARCH, byId)).data?.MKP_FluxFinancier[0]?.NomFluxFinancier).toBe(
      'Renommée par le test',
    );
  });

  it('plans and shared reads: a scope change is another plan and another read (the club never gets the head office’s rows)', async () => {
    const everything = { where: {} };
    const club = await context.club<Search>(SEARCH, everything);
    const siege = await context.siege<Search>(SEARCH, everything);
    const clubAgain = await context.club<Search>(SEARCH, everything);
    const structures = (search: typeof club) => new Set(search.data?.MKP_FluxFinancier.map((row) => row.ID_Structure));
    expect([...structures(club)]).toEqual([context.clubId]);
    expect([...structures(clubAgain)]).toEqual([context.clubId]);
    expect(structures(siege).size).toBeGreaterThan(1);
    expect(clubAgain.raw).toBe(club.raw);
  });

  it('plans: new variables compile anew (a plan never answers for other values)', async () => {
    const [first, second] = (await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 ORDER BY id LIMIT 2`,
      [context.clubId],
    )) as [number, number];
    const one = await context.club<Search>(SEARCH, { where: { id: { _eq: first } } });
    const other = await context.club<Search>(SEARCH, { where: { id: { _eq: second } } });
    expect(one.data?.MKP_FluxFinancier.map((row) => row.id)).toEqual([first]);
    expect(other.data?.MKP_FluxFinancier.map((row) => row.id)).toEqual([second]);
  });

  it('plans: a structure blocked since its plan was compiled is refused once its standing is read again (30 s)', async () => {
    const everything = { where: {} };
    expect((await context.club<Search>(SEARCH, everything)).errors).toBeUndefined();
    await context.database.query(`UPDATE "STR_Structure" SET "EST_Bloquee" = true WHERE id = $1`, [context.clubId]);
    try {
      // Within the plan's minute, but the standing (plugins/scope.ts, 30 s) is read again: the
      // plan's key holds the flux module's access, so the kept plan does not answer.
      vi.setSystemTime(Date.now() + 30_001);
      const refused = await context.club<Search>(SEARCH, everything);
      expect(refused.errors?.[0]?.extensions.code).toBe('permission-error');
      expect(refused.data).toBeUndefined();
    } finally {
      await context.database.query(`UPDATE "STR_Structure" SET "EST_Bloquee" = false WHERE id = $1`, [context.clubId]);
      vi.setSystemTime(Date.now() + 30_001);
    }
    expect((await context.club<Search>(SEARCH, everything)).errors).toBeUndefined();
  });

  it('prepared statements: from the third run of a text whose plan does not depend on its values, never for a label pattern; a schema change re-plans them', async () => {
    // A selection no other test sends, so the statement's text is new to this process.
    const amounts = `query($where: MKP_FluxFinancier_bool_exp!) {
      MKP_FluxFinancier(where: $where, order_by: {id: asc}, limit: 3) { MontantTVA ID_Saison id } }`;
    const fresh = { 'cache-control': 'no-cache' };
    const query = vi.spyOn(context.database, 'query');
    const preparedRuns = (fragment: string) =>
      query.mock.calls
        .filter(([text, , options]) => options?.read && text.includes(fragment) && !text.startsWith('EXPLAIN'))
        .map(([, , options]) => options?.prepared === true);
    try {
      const byAmount = { where: { MontantTTC: { _gt: 1 }, ID_Structure: { _eq: context.clubId } } };
      const first = await context.club(amounts, byAmount, fresh);
      for (let run = 2; run <= 4; run += 1) expect((await context.club(amounts, byAmount, fresh)).raw).toBe(first.raw);
      expect(preparedRuns('"MontantTVA"')).toEqual([false, false, true, true]);

      query.mockClear();
      const byLabel = { where: { NomFluxFinancier: { _ilike: '%a%' }, ID_Structure: { _eq: context.clubId } } };
      for (let run = 1; run <= 4; run += 1) await context.club(amounts, byLabel, fresh);
      expect(preparedRuns('"MontantTVA"')).toEqual([false, false, false, false]);

      // PostgreSQL drops the plans of a prepared statement whose tables changed: the same
      // text, prepared, still answers after a migration adds a column.
      await context.database.query(`ALTER TABLE "MKP_FluxFinancier" ADD COLUMN "ColonneDeTest" integer`);
      try {
        expect((await context.club(amounts, byAmount, fresh)).raw).toBe(first.raw);
      } finally {
        await context.database.query(`ALTER TABLE "MKP_FluxFinancier" DROP COLUMN "ColonneDeTest"`);
      }
      expect((await context.club(amounts, byAmount, fresh)).raw).toBe(first.raw);
    } finally {
      query.mockRestore();
    }
  });
});
