import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../../src/db/database';
import type { TestDatabaseTarget } from '../support/databases';
import { buildTestApp, loginAs, seedSmall } from '../support/test-app';
import { structureOf } from './document-fixtures';

export interface DocumentSuite {
  database: Database;
  app: FastifyInstance;
  clubToken: string;
  siegeToken: string;
  clubStructureId: number;
  /** A season present in the seeded data (its id is its end year). */
  seasonId: number;
  get(url: string, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Seeded database, app and demo tokens for one target; filled in beforeAll. */
export function useDocumentSuite(target: TestDatabaseTarget): DocumentSuite {
  const suite = {} as DocumentSuite;
  beforeAll(async () => {
    suite.database = await target.open();
    await seedSmall(suite.database);
    suite.app = await buildTestApp(suite.database);
    suite.clubToken = await loginAs(suite.app, 'club@demo.fr');
    suite.siegeToken = await loginAs(suite.app, 'siege@demo.fr');
    suite.clubStructureId = await structureOf(suite.database, 'club@demo.fr');
    const [season] = await suite.database.query<{ id: number }>(
      `SELECT id FROM "FEDE_Saison" WHERE id <= 2024 ORDER BY id DESC LIMIT 1`,
    );
    suite.seasonId = season!.id;
    suite.get = (url, token, headers = {}) =>
      suite.app.inject({
        method: 'GET',
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.database?.close();
  });
  return suite;
}

/** The PDF bytes of a 200 response (fails loudly with the body otherwise). */
export function pdfBody(response: LightMyRequestResponse): Buffer {
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
  return response.rawPayload;
}
