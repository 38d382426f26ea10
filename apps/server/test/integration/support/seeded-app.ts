import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../../../src/app';
import type { Database } from '../../../src/db/database';
import type { TestDatabaseTarget } from './databases';
import { buildTestApp, loginAs, seedSmall } from './test-app';

/** A suite's own seeded database, an app on it, and the demo users it acts as. */
export interface SeededApp {
  database: Database;
  app: FastifyInstance;
  siege: string;
  club: string;
  ligue: string;
  /** club@demo.fr's structure. */
  clubId: number;
}

/** Opens the target's database with the demo data, builds the app with `options`, and signs in. */
export async function openSeededApp(target: TestDatabaseTarget, options: Partial<AppOptions> = {}): Promise<SeededApp> {
  const database = await target.open();
  await seedSmall(database);
  const app = await buildTestApp(database, options);
  const siege = await loginAs(app, 'siege@demo.fr');
  const club = await loginAs(app, 'club@demo.fr');
  const ligue = await loginAs(app, 'ligue@demo.fr');
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${club}` } });
  const clubId = (me.json() as { memberships: Array<{ structureId: number }> }).memberships[0]?.structureId;
  if (!clubId) throw new Error('club@demo.fr has no membership');
  return { database, app, siege, club, ligue, clubId };
}

/** Closes what openSeededApp opened, as far as it got. */
export async function closeSeededApp(seeded: Partial<Pick<SeededApp, 'app' | 'database'>>): Promise<void> {
  await seeded.app?.close();
  await seeded.database?.close();
}
