import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_ESTIMATE } from '../../../src/graphql/compiler/count-estimate';
import { testDatabaseTargets } from '../support/databases';
import { SIEGE_SCOPE_SQL, closeGraphqlContext, openGraphqlContext, type GraphqlContext } from './graphql-context';

/**
 * R-SEARCH-13: the search's capped count with `estimate: true` answers its limit
 * without counting when the planner expects far more rows, and counts otherwise, exactly
 * as without `estimate`.
 */
const COUNT = (estimate: boolean) => `query Count($where: MKP_FluxFinancier_bool_exp!, $cap: Int!) {
  total: MKP_FluxFinancier_aggregate(where: $where, limit: $cap${estimate ? ', estimate: true' : ''}) { aggregate { n: count } }
}`;
type Count = { total: { aggregate: { n: number } } };

describe.each(testDatabaseTargets())('capped counts from the estimate on $name', (target) => {
  let context: GraphqlContext;
  let scoped: number;
  let season: number;
  let inSeason: number;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    const [all] = await context.database.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM "MKP_FluxFinancier" WHERE ${SIEGE_SCOPE_SQL}`,
    );
    scoped = Number(all?.n);
    const [busiest] = await context.database.query<{ id: number; n: number | string }>(
      `SELECT "ID_Saison" AS id, count(*) AS n FROM "MKP_FluxFinancier" WHERE ${SIEGE_SCOPE_SQL} GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    season = Number(busiest?.id);
    inSeason = Number(busiest?.n);
    await context.database.query(`ANALYZE "MKP_FluxFinancier"`);
    expect(scoped).toBeGreaterThan(500);
  });
  afterAll(() => closeGraphqlContext(context));

  const count = async (estimate: boolean, where: object, cap: number) => {
    const response = await context.siege<Count>(COUNT(estimate), { where, cap }, { 'cache-control': 'no-cache' });
    expect(response.errors).toBeUndefined();
    return response.data?.total.aggregate.n;
  };

  it('answers the limit unread when the planner expects far more rows', async () => {
    // Every scoped flux: the planner expects hundreds, far above 5 x 10.
    expect(await count(true, {}, 10)).toBe(10);
    expect(await count(false, {}, 10)).toBe(10);
  });

  it('counts, as without estimate, when the planner does not expect far more than the limit', async () => {
    for (const [where, cap] of [
      [{}, scoped + 1],
      [{ ID_Saison: { _eq: season } }, inSeason + 1],
      [{ ID_Saison: { _eq: season } }, 10_001],
      [{ id: { _eq: 1 } }, 10_001],
      [{ NomFluxFinancier: { _ilike: '%zzzz-nothing%' } }, 10_001],
    ] as const) {
      expect(await count(true, where, cap)).toBe(await count(false, where, cap));
    }
    expect(await count(true, { ID_Saison: { _eq: season } }, 10_001)).toBe(inSeason);
  });

  it('keeps the estimated and the counted answers apart in the shared reads', async () => {
    // Shared reads on: the estimated answer must not be served to a plain count.
    const shared = (estimate: boolean) => context.siege<Count>(COUNT(estimate), { where: {}, cap: 10 });
    expect((await shared(true)).data?.total.aggregate.n).toBe(10);
    const bigger = await context.siege<Count>(COUNT(false), { where: {}, cap: scoped + 1 });
    expect(bigger.data?.total.aggregate.n).toBe(scoped);
  });

  it('with estimateOnly, counts only what the planner expects small: the limit far above, the count of few rows, else no aggregate', async () => {
    const ESTIMATE_ONLY = `query Estimate($where: MKP_FluxFinancier_bool_exp!, $cap: Int!) {
      total: MKP_FluxFinancier_aggregate(where: $where, limit: $cap, estimate: true, estimateOnly: true) { aggregate { n: count } }
    }`;
    const estimateOnly = async (where: object, cap: number) => {
      const response = await context.siege<{ total: { aggregate: { n: number } | null } }>(
        ESTIMATE_ONLY,
        { where, cap },
        { 'cache-control': 'no-cache' },
      );
      expect(response.errors).toBeUndefined();
      return response.data?.total.aggregate ?? null;
    };
    expect(await estimateOnly({}, 10)).toEqual({ n: 10 });
    // One row expected: counted with the page, exactly as the plain count.
    const one = { id: { _eq: 1 } };
    expect(await estimateOnly(one, 10_001)).toEqual({ n: await count(false, one, 10_001) });
    expect(await estimateOnly({ ID_Saison: { _eq: season } }, inSeason + 1)).toEqual(
      inSeason <= COUNT_ESTIMATE.countUpTo ? { n: inSeason } : null,
    );
    // Neither few nor far more rows expected: nothing counted.
    const countUpTo = COUNT_ESTIMATE.countUpTo;
    COUNT_ESTIMATE.countUpTo = 0;
    try {
      expect(await estimateOnly({ ID_Saison: { _eq: season } }, inSeason + 1)).toBeNull();
      expect(await estimateOnly(one, 10_001)).toBeNull();
      // Shared reads on: the estimate alone (no aggregate) is not served to the counting estimate.
      const alone = await context.siege<{ total: { aggregate: null } }>(ESTIMATE_ONLY, { where: {}, cap: scoped + 1 });
      expect(alone.data?.total.aggregate).toBeNull();
    } finally {
      COUNT_ESTIMATE.countUpTo = countUpTo;
    }
    const shared = await context.siege<Count>(COUNT(true), { where: {}, cap: scoped + 1 });
    expect(shared.data?.total.aggregate.n).toBe(scoped);
    const refused = await context.siege(
      `{ MKP_FluxFinancier_aggregate(limit: 10, estimateOnly: true) { aggregate { count } } }`,
      {},
      { 'cache-control': 'no-cache' },
    );
    expect(refused.errors?.[0]?.message).toBe('estimateOnly demande estimate: true.');
  });

  it('expects the flux of a federation as many as its structures hold, not half of them', async () => {
    // The head office sees every structure of the seed; "in the federation's structures"
    // read as a subquery was a default guess of half the rows, so an estimate of six times
    // the cap looked like three and the count ran.
    const cap = Math.floor(scoped / 6);
    const response = await context.siege<{ total: { aggregate: { n: number } | null } }>(
      `query Estimate($cap: Int!) {
        total: MKP_FluxFinancier_aggregate(limit: $cap, estimate: true, estimateOnly: true) { aggregate { n: count } }
      }`,
      { cap },
      { 'cache-control': 'no-cache' },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?.total.aggregate).toEqual({ n: cap });
  });

  it('is refused without a limit or with anything but count', async () => {
    const noLimit = await context.siege(
      `{ MKP_FluxFinancier_aggregate(estimate: true) { aggregate { count } } }`,
      {},
      { 'cache-control': 'no-cache' },
    );
    expect(noLimit.errors?.[0]?.message).toBe('estimate demande une limite (limit).');
    for (const selection of [
      'aggregate { count sum { MontantTTC } }',
      'aggregate { count(columns: [id]) }',
      'nodes { id }',
    ]) {
      const response = await context.siege(
        `{ MKP_FluxFinancier_aggregate(limit: 10, estimate: true) { ${selection} } }`,
        {},
        { 'cache-control': 'no-cache' },
      );
      expect(response.errors?.[0]?.message).toBe('estimate ne s’applique qu’à aggregate { count }.');
    }
  });
});
