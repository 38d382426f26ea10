import { FLUX_TOTAL_CAP } from '@gdf/domain';
import { getOperationAST, parse } from 'graphql';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import type { Database } from '../../../src/db/database';
import { MAX_SQL_PARAMETERS } from '../../../src/db/database-errors';
import { COST_BUDGET, operationCost, type RowBound } from '../../../src/graphql/cost';
import { createHeavySlots } from '../../../src/graphql/heavy-queries';
import { createSharedLimits } from '../../../src/lib/shared-limits/shared-limits';
import { graphqlSchema } from '../../../src/graphql/schema/build-schema';
import type { TestDatabaseTarget } from '../support/databases';
import { TEST_JWT_SECRET, loginAs } from '../support/test-app';
import { graphqlClient, type GraphqlClient, type GraphqlContext } from './graphql-context';
import { webGraphqlDocuments } from './web-documents';

/**
 * R-SEC-08, "one small query freezes everyone": each query shape of the attacker's probe
 * is refused before it runs (or bounded), /api/health keeps answering meanwhile, and the
 * app's own documents stay accepted whatever the size of the data.
 */
const ROW = `id NomFluxFinancier Z_DateCreation MontantTTC EST_Debit
  STR_Structure { NomStructure } UTI_Utilisateur { CT_Nom CT_Prenom LicenceNumero }`;
const ALL_COLUMNS = `id NomFluxFinancier Z_DateCreation MontantHT MontantTVA MontantTTC EST_Debit EST_Reglement
  ID_CategoryFlux ID_FluxFinancierDebit ID_FluxFinancierRelance ID_Saison ID_Structure ID_Traitement ID_Utilisateur DateEcheance`;

/** The probe's shapes, as an attacker wrote them. */
const PROBE = {
  nestedFanOut: `{ MKP_FluxFinancier { ${ROW} MKP_FluxFinancierDetail { id MKP_FluxFinancier { MKP_FluxFinancierDetail {
      id MKP_FluxFinancier { MKP_FluxFinancierDetail { id NomFluxFinancierDetail MKP_FluxFinancier { ${ROW} } } } } } } } }`,
  fragmentFanOut: `{ MKP_FluxFinancier(limit: 100) { ...A } }
    fragment A on MKP_FluxFinancier { a1: MKP_FluxFinancierDetail { ...B } a2: MKP_FluxFinancierDetail { ...B } a3: MKP_FluxFinancierDetail { ...B } }
    fragment B on MKP_FluxFinancierDetail { b1: MKP_FluxFinancier { ...C } b2: MKP_FluxFinancier { ...C } b3: MKP_FluxFinancier { ...C } }
    fragment C on MKP_FluxFinancier { ${ROW} c1: MKP_FluxFinancierDetail { id } c2: MKP_FluxFinancierDetail { id } }`,
  fortyAliases: `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: MKP_FluxFinancier { ${ALL_COLUMNS} STR_Structure { NomStructure } }`).join(' ')} }`,
};

/** Heavy (above HEAVY_QUERY_COST) but accepted on the test data: every flux with every column. */
const HEAVY_ACCEPTED = `{ MKP_FluxFinancier { ${ALL_COLUMNS} STR_Structure { NomStructure ID_CodeFederal }
  UTI_Utilisateur { CT_Nom CT_Prenom LicenceNumero } FEDE_Saison { NomSaison } MKP_CategoryFlux { NomCategoryFlux } } }`;

/**
 * Row counts the app's documents must stay accepted at: any size for the flux (their lists
 * carry limits), a century of seasons and 10,000 temporary affiliations for the two lists
 * the app reads without a limit.
 */
const largeData: RowBound = (table) =>
  table === 'FEDE_Saison' ? 100 : table === 'STR_AffiliationTemporaire' ? 10_000 : Number.POSITIVE_INFINITY;

const costOf = (query: string, variables: Record<string, unknown>) => {
  const document = parse(query);
  const operation = getOperationAST(document, null);
  if (!operation) throw new Error('no operation');
  return operationCost(graphqlSchema(), document, operation, variables, largeData);
};

async function timedHealth(app: FastifyInstance): Promise<number> {
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  return performance.now() - started;
}

/** Runs `request` and, while it runs, asks /api/health: the health latency and the request's outcome. */
async function withHealth<T>(app: FastifyInstance, request: () => Promise<T>): Promise<{ result: T; health: number }> {
  const running = request();
  const health = await timedHealth(app);
  return { result: await running, health };
}

/**
 * The cases, run inside the suite that already seeds a database per target
 * (hasura-semantics.test.ts): one seeding less keeps the suite fast.
 */
export function costLimitCases(target: TestDatabaseTarget, contextOf: () => GraphqlContext): void {
  let context: GraphqlContext;
  let season: number;

  beforeAll(async () => {
    context = contextOf();
    const [row] = await context.database.query<{ id: number }>(
      `SELECT "ID_Saison" AS id FROM "MKP_FluxFinancier" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    season = row?.id ?? 2026;
  });

  it('accepts every document the web app sends, on any number of flux', async () => {
    const documents = webGraphqlDocuments();
    expect([...documents.keys()].sort()).toEqual(
      expect.arrayContaining([
        'FluxBatch',
        'FluxBreakdown',
        'FluxDetail',
        'FluxTotals',
        'Relaunch',
        'SearchFlux',
        'SearchFluxPage',
        'SearchFluxPageEstimate',
        'FluxSearchCount',
        'Structures',
      ]),
    );
    const where = { ID_Saison: { _eq: season } };
    const orderBy = [{ Z_DateCreation: 'desc' }, { id: 'desc' }];
    const [flux] = await context.database.query<{ id: number }>(`SELECT min(id) AS id FROM "MKP_FluxFinancier"`);
    const variables: Record<string, Array<Record<string, unknown>>> = {
      SearchFlux: [30, 60, 90].map((limit) => ({ where, orderBy, limit, offset: 0, cap: 10_001 })),
      // R-SEARCH-13: the page, then its capped count (from the planner's estimate when far above).
      SearchFluxPage: [30, 60, 90].map((limit) => ({ where, orderBy, limit, offset: 0 })),
      // The first page with the planner's word on its total (nothing counted).
      SearchFluxPageEstimate: [30, 60, 90].map((limit) => ({ where, orderBy, limit, offset: 0, cap: 10_001 })),
      FluxSearchCount: [{ where, cap: 10_001 }],
      // 'Tous' and the export: batches of 5,000 up to 100,000 rows, then one row beyond.
      FluxBatch: [
        { where, orderBy, limit: 5_000, offset: 95_000 },
        { where, orderBy, limit: 1, offset: 100_000 },
      ],
      FluxDetail: [{ id: flux?.id }],
      Structures: [{ where: { _or: [{ NomStructure: { _ilike: '%club%' } }, { ID_CodeFederal: { _ilike: '12%' } }] } }],
      Relaunch: [{ id: flux?.id }],
      // R-SEARCH-14, R-BAL-03: the totals (five aggregates: both sides, the open flux, the
      // relaunched debits) and the chart's rows, at most the cap.
      FluxTotals: [
        {
          debit: { ...where, EST_Debit: { _eq: true } },
          credit: { ...where, EST_Debit: { _eq: false } },
          openDebit: {
            ...where,
            EST_Debit: { _eq: true },
            EST_Reglement: { _eq: false },
            ID_FluxFinancierRelance: { _is_null: true },
          },
          openCredit: {
            ...where,
            EST_Debit: { _eq: false },
            EST_Reglement: { _eq: false },
            ID_FluxFinancierRelance: { _is_null: true },
          },
          relaunchedDebit: {
            ...where,
            EST_Debit: { _eq: true },
            EST_Reglement: { _eq: false },
            ID_FluxFinancierRelance: { _is_null: false },
          },
        },
      ],
      FluxBreakdown: [{ where, limit: FLUX_TOTAL_CAP }],
    };
    for (const [name, document] of documents) {
      for (const values of variables[name] ?? [{}]) {
        expect({ name, accepted: costOf(document, values) <= COST_BUDGET }).toEqual({ name, accepted: true });
        if (name === 'Relaunch') continue; // costed only: relaunching writes (flux-mutations.test.ts)
        const response = await context.superAdmin(document, values);
        expect({ name, status: response.status, errors: response.errors }).toEqual({
          name,
          status: 200,
          errors: undefined,
        });
      }
    }
  });

  it('accepts the other app queries: exact totals with sums, a structure by pk, a temporary affiliation by name', async () => {
    const queries: Array<[string, Record<string, unknown>]> = [
      [
        `query Totaux($debit: MKP_FluxFinancier_bool_exp!, $credit: MKP_FluxFinancier_bool_exp!) {
          debit: MKP_FluxFinancier_aggregate(where: $debit) { aggregate { count sum { MontantTTC } } }
          credit: MKP_FluxFinancier_aggregate(where: $credit) { aggregate { count sum { MontantTTC } } } }`,
        {
          debit: { ID_Saison: { _eq: season }, EST_Debit: { _eq: true } },
          credit: { ID_Saison: { _eq: season }, EST_Debit: { _eq: false } },
        },
      ],
      [`query($id: Int!) { STR_Structure_by_pk(id: $id) { id NomStructure ID_CodeFederal SIREN } }`, { id: 1 }],
      [
        `query($n: String!) { STR_AffiliationTemporaire(where: {NomStructure: {_eq: $n}}) { id NomStructure CT_Nom CT_Prenom } }`,
        { n: 'Club' },
      ],
    ];
    for (const [query, values] of queries) {
      expect(costOf(query, values)).toBeLessThanOrEqual(COST_BUDGET);
      const response = await context.superAdmin(query, values);
      expect(response.errors).toBeUndefined();
    }
  });

  it.each(Object.entries(PROBE))(
    'refuses the probe shape %s with a French 400 at once, /api/health answering meanwhile',
    async (_name, query) => {
      const started = performance.now();
      const { result, health } = await withHealth(context.app, () => context.club(query));
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(health).toBeLessThan(1_000);
      expect(result.status).toBe(400);
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'cost-exceeded', path: '$' });
      expect(result.errors?.[0]?.message).toMatch(
        /^Requête trop coûteuse \(coût estimé [\d\s\u202f]+, au plus 400\u202f000\)/,
      );
    },
  );

  it('bounds the heaviest accepted query in time and size, /api/health answering meanwhile', async () => {
    const started = performance.now();
    const { result, health } = await withHealth(context.app, () => context.superAdmin(HEAVY_ACCEPTED));
    const elapsed = performance.now() - started;
    expect(result.errors).toBeUndefined();
    expect(result.raw.length).toBeLessThan(16 * 1024 * 1024);
    expect(elapsed).toBeLessThan(2_000);
    expect(health).toBeLessThan(1_000);
  });

  it('runs at most 2 heavy queries per user at once: 22 more in parallel get a French 429, never 500', async () => {
    const token = await loginAs(context.app, 'super.admin@demo.fr');
    const heavy = () =>
      context.app.inject({
        method: 'POST',
        url: '/v1/graphql',
        headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
        payload: { query: HEAVY_ACCEPTED },
      });
    const [admin] = await context.database.query<{ id: number }>(
      `SELECT "ID_Utilisateur" AS id FROM "UTI_Login" WHERE "Email" = 'super.admin@demo.fr'`,
    );
    // Two heavy queries of this user are running in another process on the same database (held
    // here, so the test does not depend on timing): the slots are counted over every process.
    const otherProcess = createHeavySlots(createSharedLimits(context.database));
    const running = await Promise.all([otherProcess.acquire(admin!.id), otherProcess.acquire(admin!.id)]);
    const parallel = Promise.all(Array.from({ length: 22 }, heavy));
    // Meanwhile another user's heavy query and the health check are served at once.
    const { result: other, health } = await withHealth(context.app, () => context.siege(HEAVY_ACCEPTED));
    expect(other.status).toBe(200);
    expect(health).toBeLessThan(1_000);
    const responses = await parallel;
    expect(responses.map((response) => response.statusCode)).toEqual(Array(22).fill(429));
    expect(responses[0]?.headers['retry-after']).toBe('2');
    expect(responses[0]?.json().errors[0]).toEqual({
      message: 'Trop de requêtes lourdes en cours pour votre compte : attendez la fin des précédentes, puis réessayez.',
      extensions: { code: 'busy', path: '$' },
    });
    running.forEach((release) => release?.());
    expect((await heavy()).statusCode).toBe(200);
  });

  it.each([
    [
      '70 relation aliases of 1,000 aliased columns (one parameter per response key)',
      `{ MKP_FluxFinancier(limit: 1) { ${Array.from({ length: 70 }, (_, i) => `r${i}: STR_Structure { ...S }`).join(' ')} } }
        fragment S on STR_Structure { ${Array.from({ length: 1_000 }, (_, i) => `k${i}: NomStructure`).join(' ')} }`,
      {},
    ],
    [
      '66 _in lists of 1,000 values in one where',
      `query($w: MKP_FluxFinancier_bool_exp!) { MKP_FluxFinancier(where: $w, limit: 1) { id } }`,
      {
        w: {
          _or: Array.from({ length: 66 }, (_, i) => ({
            id: { _in: Array.from({ length: 1_000 }, (_, j) => i * 1_000 + j) },
          })),
        },
      },
    ],
  ])(
    `answers a request of more than ${MAX_SQL_PARAMETERS} SQL parameters (%s) with a French 400 before compiling it`,
    async (_name, query, variables) => {
      const started = performance.now();
      const response = await context.superAdmin(query, variables);
      // Every parameter costs at least 6 units: the budget refuses them first (compiling and
      // Database.query check the count again, sql-builder.test.ts and the REST case below).
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(response.status).toBe(400);
      expect(response.errors?.[0]?.extensions.code).toBe('cost-exceeded');
      expect(response.errors?.[0]?.message).toMatch(/^Requête trop coûteuse/);
    },
  );

  it('refuses too many SQL parameters on the REST side too (400, French)', async () => {
    const app = await buildApp({ database: context.database, jwtSecret: TEST_JWT_SECRET, loginRateLimit: false });
    app.get('/api/test-parameters', { config: { auth: 'public' } }, async () => {
      const params = Array.from({ length: MAX_SQL_PARAMETERS + 1 }, (_, i) => i);
      await context.database.query(`SELECT ${params.map((_, i) => `$${i + 1}::int`).join(' + ')} AS n`, params);
      return {};
    });
    const response = await app.inject({ method: 'GET', url: '/api/test-parameters' });
    await app.close();
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Requête trop volumineuse/);
  });

  it('gives introspection only to super_administrateur, and only outside production', async () => {
    const introspection = `{ __schema { queryType { name } } }`;
    const club = await context.club(introspection);
    expect(club.status).toBe(403);
    expect(club.errors?.[0]?.message).toMatch(/^L'introspection du schéma GraphQL est réservée/);
    expect((await context.club(`{ __type(name: "query_root") { name } }`)).status).toBe(403);
    const admin = await context.superAdmin(introspection);
    expect(admin.data).toEqual({ __schema: { queryType: { name: 'query_root' } } });
    // __typename is not introspection of the schema: everyone keeps it.
    expect((await context.club(`{ FEDE_Saison(limit: 1) { __typename } }`)).errors).toBeUndefined();

    const production = await buildApp({
      database: context.database,
      jwtSecret: TEST_JWT_SECRET,
      loginRateLimit: false,
      graphqlIntrospection: false,
    });
    const superAdmin = graphqlClient(production, await loginAs(production, 'super.admin@demo.fr'));
    expect((await superAdmin(introspection)).status).toBe(403);
    await production.close();
  });

  // Statement timeouts and pool waits exist on PostgreSQL only (PGlite has no pool or timeout).
  if (target.name === 'postgres')
    describe('PostgreSQL deadlines', () => {
      async function appOn(
        database: Database,
      ): Promise<{ app: FastifyInstance; token: string; superAdmin: GraphqlClient }> {
        const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, loginRateLimit: false });
        app.get('/api/test-slow', { config: { auth: 'public' } }, async () => {
          await database.query('SELECT pg_sleep(1)');
          return {};
        });
        const token = await loginAs(app, 'super.admin@demo.fr');
        return { app, token, superAdmin: graphqlClient(app, token) };
      }

      it('answers a statement timeout (SQLSTATE 57014) with a French 503 and Retry-After, GraphQL and REST', async () => {
        const database = await context.database.reopen!({ readTimeoutMs: 1, statementTimeoutMs: 100 });
        const { app, superAdmin } = await appOn(database);
        try {
          const response = await superAdmin(HEAVY_ACCEPTED, {}, { 'cache-control': 'no-cache' });
          expect(response.status).toBe(503);
          expect(response.errors?.[0]?.extensions.code).toBe('timeout');
          expect(response.errors?.[0]?.message).toMatch(/^La recherche a pris trop de temps/);
          const rest = await app.inject({ method: 'GET', url: '/api/test-slow' });
          expect(rest.statusCode).toBe(503);
          expect(rest.headers['retry-after']).toBe('5');
          expect(rest.json().message).toMatch(/^La recherche a pris trop de temps/);
        } finally {
          await app.close();
          await database.close();
        }
      });

      it('answers a 503 with Retry-After when no read connection frees up in time, never 500', async () => {
        const database = await context.database.reopen!({ readPoolSize: 1, poolWaitMs: 200 });
        const { app, token } = await appOn(database);
        try {
          const holding = database.query('SELECT pg_sleep(1)', [], { read: true });
          const started = performance.now();
          const response = await app.inject({
            method: 'POST',
            url: '/v1/graphql',
            headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
            payload: { query: `{ FEDE_Saison(limit: 1) { id } }` },
          });
          expect(performance.now() - started).toBeLessThan(1_000);
          expect(response.statusCode).toBe(503);
          expect(response.headers['retry-after']).toBe('2');
          const [error] = response.json().errors;
          expect(error.extensions.code).toBe('busy');
          expect(error.message).toBe('Le serveur est très sollicité : réessayez dans quelques secondes.');
          // Logins, health and writes keep their own pool.
          expect(await timedHealth(app)).toBeLessThan(500);
          await holding;
        } finally {
          await app.close();
          await database.close();
        }
      });
    });
}
