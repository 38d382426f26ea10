import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { closeGraphqlContext, openGraphqlContext, type GraphqlContext } from './graphql-context';

/**
 * R-SEARCH-09 (sorting by a column) on a season of the largest federation: each direction of
 * 'Date création' is a walk of the season's date index, never a sort of the whole season. The
 * flux indexes are declared DESC NULLS LAST; walked backward they give ASC NULLS FIRST, which
 * a NOT NULL column's ASC may say (it has no nulls), and the id tie-break follows the date's
 * direction.
 */
describe.each(testDatabaseTargets())('sorts that walk an index on $name', (target) => {
  let context: GraphqlContext;
  let listStatements: Array<{ text: string; params: unknown[] }> = [];

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    const query = context.database.query.bind(context.database);
    context.database.query = ((text: string, params: unknown[] = [], ...rest: []) => {
      if (text.includes('ORDER BY') && text.includes('"Z_DateCreation"')) listStatements.push({ text, params });
      return query(text, params, ...rest);
    }) as typeof context.database.query;
  });
  afterAll(() => closeGraphqlContext(context));

  /** The season's page in that order: its rows, and the plan of the statement that listed them. */
  async function seasonPage(direction: 'asc' | 'desc') {
    listStatements = [];
    const response = await context.superAdmin<{ MKP_FluxFinancier: Array<{ id: number; Z_DateCreation: string }> }>(
      `query($d: order_by!) {
        MKP_FluxFinancier(where: {ID_Saison: {_eq: 2026}}, order_by: [{Z_DateCreation: $d}, {id: $d}], limit: 25) {
          id Z_DateCreation
        }
      }`,
      { d: direction },
      { 'cache-control': 'no-cache' },
    );
    expect(response.errors).toBeUndefined();
    const statement = listStatements.at(-1);
    expect(statement).toBeDefined();
    const plan = await context.database.transaction(async (tx) => {
      // Small test data would be scanned and sorted anyway: forbid both, so that a Sort node
      // remains only where no index gives the order.
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_sort = off');
      return tx.query<Record<string, string>>(`EXPLAIN ${statement!.text}`, statement!.params);
    });
    return {
      rows: response.data!.MKP_FluxFinancier,
      plan: plan.map((row) => Object.values(row).join('')).join('\n'),
    };
  }

  it.each(['asc', 'desc'] as const)(
    'lists a season by date %s from the date index, without a sort',
    async (direction) => {
      const { rows, plan } = await seasonPage(direction);
      expect(rows.length).toBeGreaterThan(1);
      const keys = rows.map(
        (row) => `${new Date(row.Z_DateCreation).toISOString()}#${String(row.id).padStart(10, '0')}`,
      );
      const sorted = [...keys].sort();
      expect(keys).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      expect(plan).not.toMatch(/\bSort\b/);
    },
  );
});
