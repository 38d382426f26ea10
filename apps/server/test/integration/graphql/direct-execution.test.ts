import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { directExecutionStats } from '../../../src/graphql/execution/direct-path';
import type { TableName } from '../../../src/graphql/metadata/tables';
import { testDatabaseTargets } from '../support/databases';
import { TEST_JWT_SECRET, loginAs } from '../support/test-app';
import { closeGraphqlContext, graphqlClient, openGraphqlContext, type GraphqlContext } from './graphql-context';
import { random, wellTypedWhere } from './where-fuzzer';

/**
 * The direct path (queries answered from the JSON PostgreSQL builds, without graphql-js's
 * executor) must answer exactly what the executor answers: same status, same data, same
 * errors. Each request goes to two apps over one database, one per path.
 */
const SEARCH = `query Recherche($where: MKP_FluxFinancier_bool_exp!) {
  MKP_FluxFinancier(where: $where, order_by: [{Z_DateCreation: desc}, {id: desc}], limit: 30) {
    id NomFluxFinancier Z_DateCreation MontantHT MontantTVA MontantTTC EST_Debit EST_Reglement
    ID_FluxFinancierRelance
    UTI_Utilisateur { LicenceNumero CT_Nom CT_Prenom }
    STR_Structure { id NomStructure ID_CodeFederal }
    FEDE_Saison { id NomSaison DateDebut DateFin }
  }
  total: MKP_FluxFinancier_aggregate(where: $where, limit: 10001) { aggregate { count } }
}`;

interface Case {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
  /** Whether the direct path answers it (false: it must fall back to the executor). */
  direct: boolean;
}

const CASES: Case[] = [
  { name: 'flux search, every season', query: SEARCH, variables: { where: {} }, direct: true },
  {
    name: 'flux search, label contains',
    query: SEARCH,
    variables: { where: { NomFluxFinancier: { _ilike: '%licence%' } } },
    direct: true,
  },
  {
    name: 'aggregates of every kind (numeric, Int, timestamptz, distinct count)',
    query: `{ a: MKP_FluxFinancier_aggregate(where: {EST_Debit: {_eq: true}}) { aggregate {
        count n: count(columns: [ID_Structure], distinct: true)
        sum { MontantTTC MontantHT ID_CategoryFlux } avg { MontantTTC ID_Saison }
        min { Z_DateCreation MontantTTC NomFluxFinancier } max { Z_DateCreation MontantTVA id } } } }`,
    direct: true,
  },
  {
    name: 'nested lines, nested aggregate, order and limit',
    query: `{ MKP_FluxFinancier(order_by: {MontantTTC: desc_nulls_last}, limit: 5, offset: 3) {
        id lines: MKP_FluxFinancierDetail(order_by: {PrixUnitaire: asc}, limit: 2) {
          NomFluxFinancierDetail PrixUnitaire Quantite MontantTTC Z_DateCreation }
        MKP_FluxFinancierDetail_aggregate { aggregate { count sum { MontantTTC } } nodes { id } } } }`,
    direct: true,
  },
  {
    name: 'aliases, fragments, inline fragments, @skip and @include',
    query: `query Q($skip: Boolean!, $inc: Boolean!) {
        first: MKP_FluxFinancier(limit: 2, order_by: {id: asc}) { ...F amount: MontantTTC @include(if: $inc) }
        second: MKP_FluxFinancier(limit: 2, order_by: {id: desc}) { ... on MKP_FluxFinancier { id } ...F }
        skipped: FEDE_Saison @skip(if: $skip) { id }
        FEDE_Saison(order_by: {id: desc}) { id NomSaison DateDebut EST_SaisonCourante }
      }
      fragment F on MKP_FluxFinancier { NomFluxFinancier STR_Structure { NomStructure } }`,
    variables: { skip: true, inc: false },
    direct: true,
  },
  {
    name: 'structures with address, type and correspondent',
    query: `{ STR_Structure(limit: 20, order_by: {id: asc}) { id NomStructure ID_CodeFederal
        ADR_Adresse { Ville CodePostal } STR_StructureType { id } } }`,
    direct: true,
  },
  {
    name: 'by primary key: the head office',
    query: `{ STR_Structure_by_pk(id: 1318) { id NomStructure } }`,
    direct: true,
  },
  { name: 'by primary key: missing flux', query: `{ MKP_FluxFinancier_by_pk(id: 999999999) { id } }`, direct: true },
  {
    name: 'variables that do not coerce (executor reports them)',
    query: SEARCH,
    variables: { where: { ID_Saison: { _eq: 'deux' } } },
    direct: false,
  },
  { name: '__typename (executor answers it)', query: `{ FEDE_Saison(limit: 1) { __typename id } }`, direct: false },
  {
    name: 'a limit above the maximum (compile error, executor reports it)',
    query: `{ MKP_FluxFinancier(limit: 100001) { id } }`,
    direct: false,
  },
  {
    name: 'an explicit null in a comparison',
    query: `{ MKP_FluxFinancier(where: {id: {_eq: null}}) { id } }`,
    direct: false,
  },
];

describe.each(testDatabaseTargets())('GraphQL direct path equals the executor on $name', (target) => {
  let context: GraphqlContext;
  let executorApp: FastifyInstance;

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    executorApp = await buildApp({
      database: context.database,
      jwtSecret: TEST_JWT_SECRET,
      loginRateLimit: false,
      graphqlDirectExecution: false,
    });
  });
  afterAll(async () => {
    await executorApp?.close();
    await closeGraphqlContext(context);
  });

  const tokens = new Map<string, string>();
  async function bothPaths(email: string, query: string, variables: Record<string, unknown> = {}) {
    const token = tokens.get(email) ?? (await loginAs(context.app, email));
    tokens.set(email, token);
    const before = directExecutionStats.direct;
    // Both apps share one database, so one read cache: ask for fresh reads on both sides.
    const fresh = { 'cache-control': 'no-cache' };
    const direct = await graphqlClient(context.app, token)(query, variables, fresh);
    const tookDirect = directExecutionStats.direct > before;
    const executor = await graphqlClient(executorApp, token)(query, variables, fresh);
    return { direct, executor, tookDirect };
  }

  it.each(CASES)('$name', async ({ query, variables, direct: eligible }) => {
    for (const email of ['club@demo.fr', 'siege@demo.fr', 'super.admin@demo.fr']) {
      const { direct, executor, tookDirect } = await bothPaths(email, query, variables);
      expect(tookDirect, email).toBe(eligible);
      expect(direct.status, email).toBe(executor.status);
      expect(JSON.parse(direct.raw), email).toEqual(JSON.parse(executor.raw));
      if (eligible) expect(direct.errors, email).toBeUndefined();
    }
  });

  it('answers 300 random filters exactly as the executor does', async () => {
    const r = random(2027);
    const tables: TableName[] = ['MKP_FluxFinancier', 'MKP_FluxFinancierDetail', 'STR_Structure', 'FEDE_Saison'];
    let directAnswers = 0;
    for (let i = 0; i < 300; i++) {
      const table = r.pick(tables);
      const query = `query F($w: ${table}_bool_exp) { rows: ${table}(where: $w, limit: 5, order_by: {id: asc}) { id }
        n: ${table}_aggregate(where: $w) { aggregate { count } } }`;
      const { direct, executor, tookDirect } = await bothPaths('siege@demo.fr', query, { w: wellTypedWhere(table, r) });
      expect(direct.status).toBe(executor.status);
      expect(JSON.parse(direct.raw)).toEqual(JSON.parse(executor.raw));
      if (tookDirect && direct.data) directAnswers += 1;
    }
    expect(directAnswers).toBeGreaterThan(100);
  });

  it('refuses a blocked club the flux module on both paths, with the same message', async () => {
    const { direct, executor } = await bothPaths('club.bloque@demo.fr', SEARCH, { where: {} });
    expect(direct.errors?.[0]?.extensions.code).toBe('permission-error');
    expect(JSON.parse(direct.raw)).toEqual(JSON.parse(executor.raw));
  });
});
