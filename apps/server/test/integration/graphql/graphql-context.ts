import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/db/database';
import type { PoolSettings, TestDatabase, TestDatabaseTarget } from '../support/databases';
import { buildTestApp, loginAs, seedSmall } from '../support/test-app';

interface GraphqlResponse<Data = Record<string, unknown>> {
  status: number;
  data?: Data;
  errors?: Array<{ message: string; extensions: { code: string; path: string } }>;
  raw: string;
}

/** A seeded database, the app, and a signed-in GraphQL client per demo account. */
export interface GraphqlContext {
  database: TestDatabase;
  app: FastifyInstance;
  club: GraphqlClient;
  siege: GraphqlClient;
  superAdmin: GraphqlClient;
  /** club@demo.fr's structure, another club outside its scope, and the head office. */
  clubId: number;
  otherClubId: number;
}

export type GraphqlClient = <Data = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
) => Promise<GraphqlResponse<Data>>;

export function graphqlClient(app: FastifyInstance, token: string): GraphqlClient {
  return async (query, variables, headers = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: { query, variables },
    });
    const body = response.json() as { data?: never; errors?: GraphqlResponse['errors'] };
    return { status: response.statusCode, data: body.data, errors: body.errors, raw: response.body };
  };
}

export async function openGraphqlContext(target: TestDatabaseTarget, settings?: PoolSettings): Promise<GraphqlContext> {
  const database = await target.open(settings);
  await seedSmall(database);
  const app = await buildTestApp(database);
  const [club] = await database.query<{ id: number }>(
    `SELECT m."ID_Structure" AS id FROM "STR_StructureUtilisateur" m JOIN "UTI_Login" l ON l."ID_Utilisateur" = m."ID_Utilisateur"
      WHERE l."Email" = 'club@demo.fr'`,
  );
  if (!club) throw new Error('club@demo.fr has no membership');
  const [other] = await database.query<{ id: number }>(
    `SELECT s.id FROM "STR_Structure" s WHERE s."ID_TypeStructure" = 1 AND s.id <> $1
        AND EXISTS (SELECT 1 FROM "MKP_FluxFinancier" f WHERE f."ID_Structure" = s.id
                     AND f."ID_CategoryFlux" = 5 AND f."EST_Debit" AND NOT f."EST_Reglement")
      ORDER BY s.id LIMIT 1`,
    [club.id],
  );
  if (!other) throw new Error('no second club with an unpaid direct debit in the seed');
  return {
    database,
    app,
    club: graphqlClient(app, await loginAs(app, 'club@demo.fr')),
    siege: graphqlClient(app, await loginAs(app, 'siege@demo.fr')),
    superAdmin: graphqlClient(app, await loginAs(app, 'super.admin@demo.fr')),
    clubId: club.id,
    otherClubId: other.id,
  };
}

export async function closeGraphqlContext(context: GraphqlContext | undefined): Promise<void> {
  if (!context) return;
  await context.app.close();
  await context.database.close();
}

/** Ids in the order SQL gives them (numbers, whatever the driver returns). */
export async function sqlIds(database: Database, text: string, params: unknown[] = []): Promise<number[]> {
  const rows = await database.query<{ id: number | string }>(text, params);
  return rows.map((row) => Number(row.id));
}

/** The siege (type 7, structure 1318) scope in SQL: itself and its member structures. */
export const SIEGE_SCOPE_SQL = `("ID_Structure" = 1318 OR "ID_Structure" IN (SELECT id FROM "STR_Structure" WHERE "ID_Federation" = 1318))`;
