import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { costLimitCases } from './cost-limits.cases';
import { closeGraphqlContext, openGraphqlContext, sqlIds, type GraphqlContext } from './graphql-context';

/** Hasura v2 conventions the original client's documents rely on (R-API-04). */
describe.each(testDatabaseTargets())('Hasura semantics on $name', (target) => {
  let context: GraphqlContext;
  let clubFluxIds: number[];

  const ids = async (where: unknown) => {
    const response = await context.club<{ MKP_FluxFinancier: Array<{ id: number }> }>(
      `query($w: MKP_FluxFinancier_bool_exp) { MKP_FluxFinancier(where: $w, order_by: {id: asc}) { id } }`,
      { w: where },
    );
    expect(response.errors).toBeUndefined();
    return response.data?.MKP_FluxFinancier.map((row) => row.id);
  };
  const errorCode = async (query: string, variables?: Record<string, unknown>) => {
    const response = await context.club(query, variables);
    expect(response.status).toBe(200);
    expect(response.data).toBeUndefined();
    return response.errors?.[0]?.extensions.code;
  };

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    clubFluxIds = await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 ORDER BY id`,
      [context.clubId],
    );
  });
  afterAll(() => closeGraphqlContext(context));

  it('treats {}, _and: [] and an empty comparison as true, _or: [] as false', async () => {
    expect(clubFluxIds.length).toBeGreaterThan(3);
    expect(await ids({})).toEqual(clubFluxIds);
    expect(await ids({ _and: [] })).toEqual(clubFluxIds);
    expect(await ids({ id: {} })).toEqual(clubFluxIds);
    expect(await ids({ _or: [] })).toEqual([]);
    expect(await ids({ _not: { _or: [] } })).toEqual(clubFluxIds);
  });

  it('ANDs several keys, ORs _or items, negates _not', async () => {
    const [a, b, c] = clubFluxIds as [number, number, number];
    expect(await ids({ id: { _gte: a, _lte: b } })).toEqual([a, b]);
    expect(await ids({ id: { _gte: a }, _and: [{ id: { _lte: b } }] })).toEqual([a, b]);
    expect(await ids({ _or: [{ id: { _eq: a } }, { id: { _eq: c } }] })).toEqual([a, c]);
    expect(await ids({ _not: { id: { _neq: b } } })).toEqual([b]);
    expect(await ids({ id: { _in: [a, c, 999_999_999] } })).toEqual([a, c]);
    expect(await ids({ id: { _in: [] } })).toEqual([]);
    expect(await ids({ id: { _nin: [] } })).toEqual(clubFluxIds);
    expect(await ids({ id: { _nin: [a] } })).toEqual(clubFluxIds.filter((id) => id !== a));
  });

  it('handles _is_null, relation existence and its negation exactly (EXISTS)', async () => {
    const withoutUser = await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 AND "ID_Utilisateur" IS NULL ORDER BY id`,
      [context.clubId],
    );
    expect(await ids({ ID_Utilisateur: { _is_null: true } })).toEqual(withoutUser);
    expect(await ids({ _not: { UTI_Utilisateur: {} } })).toEqual(withoutUser);
    expect(await ids({ UTI_Utilisateur: {} })).toEqual(clubFluxIds.filter((id) => !withoutUser.includes(id)));
  });

  it('keeps _like patterns as values: % and _ are wildcards, quotes are text', async () => {
    expect(await ids({ NomFluxFinancier: { _like: '%' } })).toEqual(clubFluxIds);
    expect(await ids({ NomFluxFinancier: { _ilike: '%\'; DROP TABLE "MKP_FluxFinancier"; --%' } })).toEqual([]);
    const escaped = await context.club(`{ MKP_FluxFinancier(where: {NomFluxFinancier: {_like: "abc\\\\"}}) { id } }`);
    expect(escaped.errors?.[0]?.extensions.code).toBe('validation-failed');
  });

  it('refuses an explicit null in a comparison, and unknown fields, with validation-failed', async () => {
    expect(await errorCode(`{ MKP_FluxFinancier(where: {id: {_eq: null}}) { id } }`)).toBe('validation-failed');
    expect(await errorCode(`query($v: Int) { MKP_FluxFinancier(where: {id: {_eq: $v}}) { id } }`, { v: null })).toBe(
      'validation-failed',
    );
    expect(await errorCode(`{ MKP_FluxFinancier(where: {_and: null}) { id } }`)).toBe('validation-failed');
    expect(await errorCode(`{ MKP_FluxFinancier(where: {nope: {_eq: 1}}) { id } }`)).toBe('validation-failed');
    expect(await errorCode(`{ MKP_FluxFinancier { nope } }`)).toBe('validation-failed');
    expect(await errorCode(`{ UTI_Utilisateur { id } }`)).toBe('validation-failed');
    expect(await errorCode(`{ MKP_FluxFinancier(where: {id: {_like: "1"}}) { id } }`)).toBe('validation-failed');
    expect(
      await errorCode(`query($w: MKP_FluxFinancier_bool_exp) { MKP_FluxFinancier(where: $w) { id } }`, {
        w: { id: { _eq: 'x' } },
      }),
    ).toBe('validation-failed');
    expect(await errorCode(`{ MKP_FluxFinancier(where: {Z_DateCreation: {_gte: "2024-02-30"}}) { id } }`)).toBe(
      'validation-failed',
    );
    expect(await errorCode(`{ MKP_FluxFinancier(where: {MontantTTC: {_gt: "1e999"}}) { id } }`)).toBe(
      'validation-failed',
    );
    expect(await errorCode(`{ MKP_FluxFinancier(`)).toBe('validation-failed');
  });

  it('enforces the limits: rows, depth, filter size', async () => {
    expect(await errorCode(`{ MKP_FluxFinancier(limit: 100001) { id } }`)).toBe('validation-failed');
    expect(await errorCode(`{ MKP_FluxFinancier(limit: -1) { id } }`)).toBe('validation-failed');
    const nest = (levels: number): string =>
      // Nested lists carry a limit: without one each level counts 1,000 rows and the cost refuses it first.
      levels === 0
        ? 'id'
        : `${levels % 2 ? 'MKP_FluxFinancier' : 'MKP_FluxFinancierDetail(limit: 2)'} { ${nest(levels - 1)} }`;
    expect((await context.club(`{ MKP_FluxFinancierDetail(limit: 1) { ${nest(5)} } }`)).errors).toBeUndefined();
    const deep = `{ MKP_FluxFinancierDetail(limit: 1) { ${nest(6)} } }`;
    expect(await errorCode(deep)).toBe('validation-failed');
    const wide = { _or: Array.from({ length: 400 }, (_, i) => ({ id: { _eq: i } })) };
    expect(
      await errorCode(`query($w: MKP_FluxFinancier_bool_exp) { MKP_FluxFinancier(where: $w) { id } }`, { w: wide }),
    ).toBe('validation-failed');
    let nested: Record<string, unknown> = { id: { _eq: 1 } };
    for (let i = 0; i < 20; i++) nested = { _not: nested };
    expect(
      await errorCode(`query($w: MKP_FluxFinancier_bool_exp) { MKP_FluxFinancier(where: $w) { id } }`, { w: nested }),
    ).toBe('validation-failed');
  });

  it('orders with asc/desc and nulls placement, keys in the written order', async () => {
    const expected = await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 ORDER BY "EST_Debit" ASC, "MontantTTC" DESC, id ASC`,
      [context.clubId],
    );
    const response = await context.club<{ MKP_FluxFinancier: Array<{ id: number }> }>(
      `{ MKP_FluxFinancier(order_by: {EST_Debit: asc, MontantTTC: desc, id: asc}) { id } }`,
    );
    expect(response.data?.MKP_FluxFinancier.map((row) => row.id)).toEqual(expected);
    const nullsFirst = await sqlIds(
      context.database,
      `SELECT id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1 ORDER BY "ID_Utilisateur" DESC NULLS LAST, id DESC`,
      [context.clubId],
    );
    const viaVariables = await context.club<{ MKP_FluxFinancier: Array<{ id: number }> }>(
      `query($o: [MKP_FluxFinancier_order_by!]) { MKP_FluxFinancier(order_by: $o) { id } }`,
      { o: { ID_Utilisateur: 'desc_nulls_last', id: 'desc' } },
    );
    expect(viaVariables.data?.MKP_FluxFinancier.map((row) => row.id)).toEqual(nullsFirst);
  });

  it('returns aliases, fragments, __typename, numbers for money and ISO dates', async () => {
    const [id] = clubFluxIds as [number];
    const [row] = await context.database.query<{ ttc: string; created: Date | string }>(
      `SELECT "MontantTTC"::text AS ttc, "Z_DateCreation" AS created FROM "MKP_FluxFinancier" WHERE id = $1`,
      [id],
    );
    const response = await context.club(
      `query($id: Int!) { one: MKP_FluxFinancier_by_pk(id: $id) { ...Money when: Z_DateCreation __typename s: STR_Structure { __typename n: id } }
        two: MKP_FluxFinancier_by_pk(id: $id) { id } }
       fragment Money on MKP_FluxFinancier { amount: MontantTTC ... on MKP_FluxFinancier { MontantHT @skip(if: true) } }`,
      { id },
    );
    expect(response.data).toEqual({
      one: {
        amount: Number(row?.ttc),
        when: new Date(row?.created as string).toISOString(),
        __typename: 'MKP_FluxFinancier',
        s: { __typename: 'STR_Structure', n: context.clubId },
      },
      two: { id },
    });
  });

  it('answers 401 with a Hasura-shaped body without a valid token', async () => {
    for (const authorization of [undefined, 'Bearer forged.token.value']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/v1/graphql',
        headers: authorization ? { authorization } : {},
        payload: { query: '{ FEDE_Saison { id } }' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].extensions.code).toBe('invalid-jwt');
    }
  });

  it('serves queries over GET and refuses mutations there', async () => {
    const token = (
      await context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'club@demo.fr', password: 'demo1234' },
      })
    ).json().token as string;
    const get = (query: string) =>
      context.app.inject({
        method: 'GET',
        url: `/v1/graphql?query=${encodeURIComponent(query)}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get('{ FEDE_Saison_by_pk(id: 2026) { id } }')).json()).toEqual({
      data: { FEDE_Saison_by_pk: { id: 2026 } },
    });
    const mutation = await get('mutation { relaunch_MKP_FluxFinancier(id: 1) { id } }');
    expect(mutation.json().errors[0].extensions.code).toBe('validation-failed');
    const badBody = await context.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: 42 },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors[0].extensions.code).toBe('parse-failed');
  });

  describe('cost limits (R-SEC-08)', () => costLimitCases(target, () => context));
});
