import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import {
  SIEGE_SCOPE_SQL,
  closeGraphqlContext,
  openGraphqlContext,
  sqlIds,
  type GraphqlContext,
} from './graphql-context';

/**
 * R-SEARCH-06, flux list filters, each through `where`, as the head office (which
 * sees every member structure), compared with the same filter written directly in SQL.
 */
const SEARCH = `query Search($where: MKP_FluxFinancier_bool_exp!) {
  page: MKP_FluxFinancier(where: $where, order_by: [{Z_DateCreation: desc}, {id: desc}], limit: 100000) { id }
  total: MKP_FluxFinancier_aggregate(where: $where, limit: 10001) { aggregate { count } }
}`;

interface Sample {
  id: number;
  season: number;
  structureId: number;
  codeFederal: string;
  licence: number;
  lastName: string;
  label: string;
  createdAt: string;
}

interface FilterCase {
  name: string;
  where: (s: Sample) => Record<string, unknown>;
  sql: (s: Sample) => { condition: string; params: unknown[] };
}

const day = (iso: string, offsetDays: number) =>
  new Date(Date.parse(iso.slice(0, 10)) + offsetDays * 86_400_000).toISOString();
const fragment = (text: string) => text.slice(1, 4).toLowerCase();

const FILTERS: FilterCase[] = [
  {
    name: 'season equal',
    where: (s) => ({ ID_Saison: { _eq: s.season } }),
    sql: (s) => ({ condition: `f."ID_Saison" = $1`, params: [s.season] }),
  },
  {
    name: 'structure id equal',
    where: (s) => ({ ID_Structure: { _eq: s.structureId } }),
    sql: (s) => ({ condition: `f."ID_Structure" = $1`, params: [s.structureId] }),
  },
  {
    name: 'licence number equal',
    where: (s) => ({ UTI_Utilisateur: { LicenceNumero: { _eq: s.licence } } }),
    sql: (s) => ({ condition: `u."LicenceNumero" = $1`, params: [s.licence] }),
  },
  {
    name: 'user last name contains (any case)',
    where: (s) => ({ UTI_Utilisateur: { CT_Nom: { _ilike: `%${fragment(s.lastName).toUpperCase()}%` } } }),
    sql: (s) => ({ condition: `lower(u."CT_Nom") LIKE '%' || $1 || '%'`, params: [fragment(s.lastName)] }),
  },
  {
    name: 'structure federal code equal',
    where: (s) => ({ STR_Structure: { ID_CodeFederal: { _eq: s.codeFederal } } }),
    sql: (s) => ({ condition: `st."ID_CodeFederal" = $1`, params: [s.codeFederal] }),
  },
  {
    name: 'label contains (any case)',
    where: (s) => ({ NomFluxFinancier: { _ilike: `%${fragment(s.label).toUpperCase()}%` } }),
    sql: (s) => ({ condition: `lower(f."NomFluxFinancier") LIKE '%' || $1 || '%'`, params: [fragment(s.label)] }),
  },
  {
    // R-SEARCH-06: the end date is inclusive, up to the next day (the client sends _lt next day).
    name: 'creation date range',
    where: (s) => ({ Z_DateCreation: { _gte: day(s.createdAt, -20), _lt: day(s.createdAt, 1) } }),
    sql: (s) => ({
      condition: `f."Z_DateCreation" >= $1 AND f."Z_DateCreation" < $2`,
      params: [day(s.createdAt, -20), day(s.createdAt, 1)],
    }),
  },
];

const ALL_TOGETHER: FilterCase = {
  name: 'all filters together',
  where: (s) => ({ _and: FILTERS.map((filter) => filter.where(s)) }),
  sql: (s) => {
    const params: unknown[] = [];
    const conditions = FILTERS.map((filter) => {
      const { condition, params: own } = filter.sql(s);
      const shifted = condition.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + params.length}`);
      params.push(...own);
      return `(${shifted})`;
    });
    return { condition: conditions.join(' AND '), params };
  },
};

describe.each(testDatabaseTargets())('flux search filters on $name (R-SEARCH-06)', (target) => {
  let context: GraphqlContext;
  let sample: Sample;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    const [row] = await context.database.query<Sample>(
      `SELECT f.id, f."ID_Saison" AS season, f."ID_Structure" AS "structureId", st."ID_CodeFederal" AS "codeFederal",
              u."LicenceNumero" AS licence, u."CT_Nom" AS "lastName", f."NomFluxFinancier" AS label,
              to_char(f."Z_DateCreation" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
         FROM "MKP_FluxFinancier" f JOIN "UTI_Utilisateur" u ON u.id = f."ID_Utilisateur" JOIN "STR_Structure" st ON st.id = f."ID_Structure"
        WHERE u."LicenceNumero" IS NOT NULL AND st."ID_CodeFederal" IS NOT NULL AND st."ID_Federation" = 1318
        ORDER BY f.id LIMIT 1 OFFSET 40`,
    );
    if (!row) throw new Error('no sample flux');
    sample = row;
  });
  afterAll(() => closeGraphqlContext(context));

  it.each([...FILTERS, ALL_TOGETHER].map((filter) => [filter.name, filter] as const))(
    '%s returns the rows SQL returns',
    async (_, filter) => {
      const { condition, params } = filter.sql(sample);
      const expected = await sqlIds(
        context.database,
        `SELECT f.id FROM "MKP_FluxFinancier" f
         LEFT JOIN "UTI_Utilisateur" u ON u.id = f."ID_Utilisateur" JOIN "STR_Structure" st ON st.id = f."ID_Structure"
        WHERE ${SIEGE_SCOPE_SQL.replaceAll('"ID_Structure"', 'f."ID_Structure"')} AND ${condition}
        ORDER BY f."Z_DateCreation" DESC, f.id DESC`,
        params,
      );
      expect(expected).toContain(sample.id);
      const response = await context.siege<{ page: Array<{ id: number }>; total: { aggregate: { count: number } } }>(
        SEARCH,
        {
          where: filter.where(sample),
        },
      );
      expect(response.errors).toBeUndefined();
      expect(response.data?.page.map((row) => row.id)).toEqual(expected);
      expect(response.data?.total.aggregate.count).toBe(Math.min(expected.length, 10_001));
    },
  );

  it('caps the total (limit on _aggregate) so the page can say "plus de ..."', async () => {
    const response = await context.siege(`{ MKP_FluxFinancier_aggregate(limit: 25) { aggregate { count } } }`);
    expect(response.data).toEqual({ MKP_FluxFinancier_aggregate: { aggregate: { count: 25 } } });
  });

  it('gives exact totals with debit and credit sums on demand', async () => {
    const [expected] = await context.database.query<{ debit: string; credit: string; n: string }>(
      `SELECT sum("MontantTTC") FILTER (WHERE "EST_Debit")::text AS debit, sum("MontantTTC") FILTER (WHERE NOT "EST_Debit")::text AS credit,
              count(*)::text AS n
         FROM "MKP_FluxFinancier" f WHERE f."ID_Saison" = $1 AND ${SIEGE_SCOPE_SQL.replaceAll('"ID_Structure"', 'f."ID_Structure"')}`,
      [sample.season],
    );
    const response = await context.siege<Record<string, { aggregate: { count: number; sum: { MontantTTC: number } } }>>(
      `query($s: Int!) {
        debit: MKP_FluxFinancier_aggregate(where: {ID_Saison: {_eq: $s}, EST_Debit: {_eq: true}}) { aggregate { count sum { MontantTTC } } }
        credit: MKP_FluxFinancier_aggregate(where: {ID_Saison: {_eq: $s}, EST_Debit: {_eq: false}}) { aggregate { count sum { MontantTTC } } }
      }`,
      { s: sample.season },
    );
    const { debit, credit } = response.data ?? {};
    expect((debit?.aggregate.count ?? 0) + (credit?.aggregate.count ?? 0)).toBe(Number(expected?.n));
    expect(debit?.aggregate.sum.MontantTTC.toFixed(2)).toBe(expected?.debit);
    expect(credit?.aggregate.sum.MontantTTC.toFixed(2)).toBe(expected?.credit);
  });

  it('orders by an object relation (structure name), then id', async () => {
    const expected = await sqlIds(
      context.database,
      `SELECT f.id FROM "MKP_FluxFinancier" f JOIN "STR_Structure" st ON st.id = f."ID_Structure"
        WHERE f."ID_Saison" = $1 AND ${SIEGE_SCOPE_SQL.replaceAll('"ID_Structure"', 'f."ID_Structure"')}
        ORDER BY st."NomStructure" ASC, f.id DESC LIMIT 50`,
      [sample.season],
    );
    const response = await context.siege<{ MKP_FluxFinancier: Array<{ id: number }> }>(
      `query($s: Int!) { MKP_FluxFinancier(where: {ID_Saison: {_eq: $s}}, order_by: [{STR_Structure: {NomStructure: asc}}, {id: desc}], limit: 50) { id } }`,
      { s: sample.season },
    );
    expect(response.data?.MKP_FluxFinancier.map((row) => row.id)).toEqual(expected);
  });

  it('finds a temporary affiliation structure by name, within scope', async () => {
    const [structure] = await context.database.query<{ id: number; name: string }>(
      `SELECT id, "NomStructure" AS name FROM "STR_Structure" WHERE id = $1`,
      [context.clubId],
    );
    const query = `query($name: String!) { STR_Structure(where: {NomStructure: {_eq: $name}}) { id } }`;
    expect((await context.club(query, { name: structure?.name })).data).toEqual({
      STR_Structure: [{ id: context.clubId }],
    });
    const [other] = await context.database.query<{ name: string }>(
      `SELECT "NomStructure" AS name FROM "STR_Structure" WHERE id = $1`,
      [context.otherClubId],
    );
    expect((await context.club(query, { name: other?.name })).data).toEqual({ STR_Structure: [] });
  });
});
