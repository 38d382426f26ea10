import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { loginAs } from '../support/test-app';
import { closeGraphqlContext, openGraphqlContext, sqlIds, type GraphqlContext } from './graphql-context';

/**
 * What invalidates each cache the GraphQL read pipeline keeps (graphql/execution/, ADR 0040),
 * and that what it no longer keeps (compiled plans) follows scope, standing and variables.
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

  it('compile and shared reads: a scope change is another statement and another read (the club never gets the head office’s rows)', async () => {
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

  it('compile and shared reads: new variables are another statement (nothing compiled answers for other values)', async () => {
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

  it('compile: a structure blocked since its last search is refused once its standing is read again (30 s)', async () => {
    const everything = { where: {} };
    expect((await context.club<Search>(SEARCH, everything)).errors).toBeUndefined();
    await context.database.query(`UPDATE "STR_Structure" SET "EST_Bloquee" = true WHERE id = $1`, [context.clubId]);
    try {
      // The standing (plugins/scope.ts) is kept 30 s; then every request compiles with it, so
      // nothing compiled for the club before it was blocked answers (no plan is kept, ADR 0040).
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
    // A selection no other test sends, in another order per engine: the runs are counted per
    // statement text in the process, which runs both engines' tests.
    const columns = target.name === 'pglite' ? 'MontantTVA ID_Saison id' : 'ID_Saison MontantTVA id';
    const amounts = `query($where: MKP_FluxFinancier_bool_exp!) {
      MKP_FluxFinancier(where: $where, order_by: {id: asc}, limit: 3) { ${columns} } }`;
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

  it('documents: a kept document is costed again with each request’s variables, runs the operation asked, and an invalid one is never kept', async () => {
    const twoOperations = `query Rows($offset: Int!) { FEDE_Saison(limit: 1, offset: $offset, order_by: {id: asc}) { id } }
      query Count { FEDE_Saison_aggregate { aggregate { count } } }`;
    const token = await loginAs(context.app, 'club@demo.fr');
    const send = async (operationName: string, variables: Record<string, unknown>) =>
      (
        await context.app.inject({
          method: 'POST',
          url: '/v1/graphql',
          headers: { authorization: `Bearer ${token}` },
          payload: { query: twoOperations, variables, operationName },
        })
      ).json() as { data?: Record<string, unknown>; errors?: Array<{ extensions: { code: string } }> };
    expect((await send('Rows', { offset: 0 })).data?.FEDE_Saison).toHaveLength(1);
    expect((await send('Count', {})).data).toHaveProperty('FEDE_Saison_aggregate.aggregate.count');
    // 9,000,000 skipped rows cost 450,000, over the budget: the kept document does not skip the cost.
    expect((await send('Rows', { offset: 9_000_000 })).errors?.[0]?.extensions.code).toBe('cost-exceeded');

    const invalid = `{ FEDE_Saison(limit: 1) { id colonneInconnue } }`;
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await context.club(invalid)).errors?.[0]?.extensions.code).toBe('validation-failed');
  });
});
