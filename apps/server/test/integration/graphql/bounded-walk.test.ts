import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALK_MAX_PAGE_END } from '../../../src/graphql/compiler/bounded-walk';
import { testDatabaseTargets } from '../support/databases';
import { closeGraphqlContext, openGraphqlContext, type GraphqlContext } from './graphql-context';

/**
 * A page of a "label contains a word" search reads the newest rows first and, when they
 * hold too few matches, every match sorted (graphql/compiler/bounded-walk.ts, R-SEARCH-13):
 * whichever way it goes, the page must be exactly the page of the plain statement. The
 * same label filter under `_or` is not a top-level conjunct, so it reads as before: the
 * reference.
 */
const PAGE = `query($w: MKP_FluxFinancier_bool_exp!, $o: [MKP_FluxFinancier_order_by!], $l: Int!, $f: Int!) {
  MKP_FluxFinancier(where: $w, order_by: $o, limit: $l, offset: $f) { id }
}`;
const NEWEST = [{ Z_DateCreation: 'desc' }, { id: 'desc' }];
const BY_STRUCTURE = [{ STR_Structure: { NomStructure: 'asc' } }, { id: 'desc' }];

describe.each(testDatabaseTargets())('label pages that stop early on $name', (target) => {
  let context: GraphqlContext;
  let season: number;
  const statements: string[] = [];

  const page = async (where: object, orderBy: object[], limit: number, offset: number) => {
    const response = await context.siege<{ MKP_FluxFinancier: Array<{ id: number }> }>(
      PAGE,
      { w: where, o: orderBy, l: limit, f: offset },
      { 'cache-control': 'no-cache' },
    );
    expect(response.errors).toBeUndefined();
    return response.data?.MKP_FluxFinancier.map((row) => row.id) ?? [];
  };
  const label = (word: string) => ({ NomFluxFinancier: { _ilike: `%${word}%` } });

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    const query = context.database.query.bind(context.database);
    context.database.query = ((text: string, ...rest: [never]) => {
      statements.push(text);
      return query(text, ...rest);
    }) as typeof context.database.query;
    const [row] = await context.database.query<{ id: number }>(
      `SELECT "ID_Saison" AS id FROM "MKP_FluxFinancier" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    season = Number(row?.id);
  });
  afterAll(() => closeGraphqlContext(context));

  it.each([
    ['a common word (the newest rows hold the page)', 'licence'],
    ['a rarer word (every match sorted)', 'remboursement'],
    ['a part of a word in any case', 'ASSUR'],
    ['a word no label holds', 'zzzqqq'],
  ])('%s: the same pages as the plain statement', async (_name, word) => {
    for (const [where, plain] of [
      [{ _and: [label(word)] }, { _or: [label(word)] }],
      [
        { _and: [{ ID_Saison: { _eq: season } }, label(word)] },
        { _and: [{ ID_Saison: { _eq: season } }, { _or: [label(word)] }] },
      ],
    ] as const) {
      for (const orderBy of [NEWEST, BY_STRUCTURE]) {
        for (const [limit, offset] of [
          [30, 0],
          [30, 30],
          [90, 180],
          [30, WALK_MAX_PAGE_END],
        ] as const) {
          statements.length = 0;
          const ids = await page(where, orderBy, limit, offset);
          // The bounded walk ran for the pages it serves, and only for them.
          expect(statements.some((text) => text.includes('WITH near AS MATERIALIZED'))).toBe(
            limit + offset <= WALK_MAX_PAGE_END,
          );
          expect({ word, limit, offset, ids }).toEqual({
            word,
            limit,
            offset,
            ids: await page(plain, orderBy, limit, offset),
          });
        }
      }
    }
  });

  it('finds pages with matches: the cases above are not all empty', async () => {
    expect(await page({ _and: [label('licence')] }, NEWEST, 30, 0)).toHaveLength(30);
    expect((await page({ _and: [label('remboursement')] }, NEWEST, 30, 0)).length).toBeGreaterThan(0);
  });
});
