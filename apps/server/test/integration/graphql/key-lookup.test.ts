import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY_LOOKUP } from '../../../src/graphql/compiler/key-lookup';
import { testDatabaseTargets } from '../support/databases';
import {
  SIEGE_SCOPE_SQL,
  closeGraphqlContext,
  openGraphqlContext,
  sqlIds,
  type GraphqlContext,
} from './graphql-context';

/**
 * A filter on a related row (the user's name, the structure's federal code) answered with
 * its keys looked up before the statement (graphql/compiler/key-lookup.ts) gives exactly
 * what the subquery form gives: the rows, their order and the count, within the caller's
 * scope; past KEY_LOOKUP.maxKeys keys, the subquery form runs alone.
 */
describe.each(testDatabaseTargets())('related filters by looked-up keys on $name', (target) => {
  let context: GraphqlContext;
  const keyLookups: string[] = [];
  const originalMax = KEY_LOOKUP.maxKeys;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    const query = context.database.query.bind(context.database);
    context.database.query = ((text: string, params: unknown[] = [], ...rest: []) => {
      if (/^SELECT t0\."id" AS k FROM /.test(text)) keyLookups.push(text);
      return query(text, params, ...rest);
    }) as typeof context.database.query;
  });
  afterAll(() => closeGraphqlContext(context));
  afterEach(() => {
    keyLookups.length = 0;
    KEY_LOOKUP.maxKeys = originalMax;
  });

  const search = async (where: unknown) => {
    const response = await context.siege<{
      rows: Array<{ id: number }>;
      total: { aggregate: { count: number } };
    }>(
      `query($w: MKP_FluxFinancier_bool_exp) {
        rows: MKP_FluxFinancier(where: $w, order_by: [{Z_DateCreation: desc}, {id: desc}], limit: 30) { id }
        total: MKP_FluxFinancier_aggregate(where: $w) { aggregate { count } }
      }`,
      { w: where },
      { 'cache-control': 'no-cache' },
    );
    expect(response.errors).toBeUndefined();
    return { ids: response.data?.rows.map((row) => row.id), count: response.data?.total.aggregate.count };
  };
  const expected = async (userCondition: string, params: unknown[]) => {
    const matching = `FROM "MKP_FluxFinancier" f WHERE ${SIEGE_SCOPE_SQL.replaceAll('"ID_Structure"', 'f."ID_Structure"')}
      AND f."ID_Utilisateur" IN (SELECT u.id FROM "UTI_Utilisateur" u WHERE ${userCondition})`;
    const ids = await sqlIds(
      context.database,
      `SELECT f.id ${matching} ORDER BY f."Z_DateCreation" DESC NULLS LAST, f.id DESC LIMIT 30`,
      params,
    );
    const [row] = await context.database.query<{ n: number | string }>(`SELECT count(*) AS n ${matching}`, params);
    return { ids, count: Number(row?.n) };
  };

  it('gives what the plain filter gives, for common, rare and absent names', async () => {
    const [common] = await context.database.query<{ nom: string }>(
      `SELECT left("CT_Nom", 3) AS nom FROM "UTI_Utilisateur" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    for (const fragment of [common?.nom ?? 'Dup', 'zzzq-nobody']) {
      const found = await search({ UTI_Utilisateur: { CT_Nom: { _ilike: `%${fragment}%` } } });
      expect(found).toEqual(await expected(`u."CT_Nom" ILIKE $1`, [`%${fragment}%`]));
    }
    expect(keyLookups.length).toBeGreaterThan(0);
  });

  it('keeps the season and the scope with the looked-up keys', async () => {
    const [season] = await context.database.query<{ id: number }>(
      `SELECT "ID_Saison" AS id FROM "MKP_FluxFinancier" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const found = await search({
      _and: [{ ID_Saison: { _eq: season?.id } }, { UTI_Utilisateur: { CT_Nom: { _ilike: '%a%' } } }],
    });
    const all = await expected(`u."CT_Nom" ILIKE '%a%'`, []);
    expect(found.count).toBeLessThanOrEqual(all.count);
    const [row] = await context.database.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM "MKP_FluxFinancier" f WHERE ${SIEGE_SCOPE_SQL.replaceAll('"ID_Structure"', 'f."ID_Structure"')}
        AND f."ID_Saison" = $1 AND f."ID_Utilisateur" IN (SELECT u.id FROM "UTI_Utilisateur" u WHERE u."CT_Nom" ILIKE '%a%')`,
      [season?.id],
    );
    expect(found.count).toBe(Number(row?.n));
  });

  it('past the most keys it passes, the subquery form gives the same', async () => {
    const where = { UTI_Utilisateur: { CT_Nom: { _ilike: '%e%' } } };
    const plain = await expected(`u."CT_Nom" ILIKE '%e%'`, []);
    expect(plain.count).toBeGreaterThan(2);
    KEY_LOOKUP.maxKeys = 2;
    expect(await search(where)).toEqual(plain);
    expect(keyLookups.every((text) => text.endsWith('LIMIT 3'))).toBe(true);
    expect(keyLookups.length).toBeGreaterThan(0);
  });
});
