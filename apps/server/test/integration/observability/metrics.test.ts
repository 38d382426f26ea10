import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { METRICS_MESSAGES } from '../../../src/plugins/metrics';
import { testDatabaseTargets } from '../support/databases';
import { buildTestApp, loginAs, seedSmall } from '../support/test-app';

const TOKEN = 'jeton-de-supervision-0123456789';

interface LogLine {
  msg: string;
  reqId?: string;
  event?: string;
  userId?: number | null;
  structureId?: number | null;
  route?: string;
  fields?: string[];
  statusCode?: number;
}

/** The value of one sample of the exposition text, or null when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.indexOf('}'));
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').at(-1));
  }
  return null;
}

/** Prometheus metrics and business event log lines (R-OPS-01, R-OPS-02). */
describe.each(testDatabaseTargets())('metrics and business events on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let siege: string;
  let club: string;
  const lines: LogLine[] = [];
  const scrape = (authorization?: string) =>
    app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    app = await buildTestApp(database, {
      metrics: { token: TOKEN },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
    });
    siege = await loginAs(app, 'siege@demo.fr');
    club = await loginAs(app, 'club@demo.fr');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('refuses /metrics in French without the token or with another one', async () => {
    for (const response of [await scrape(), await scrape('Bearer un-autre-jeton-0123456789'), await scrape(TOKEN)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: METRICS_MESSAGES.refused });
    }
  });

  it('counts request latency per route pattern, and the business events that succeeded or were refused', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'siege@demo.fr', password: 'mauvais-mot-de-passe' },
    });
    expect(refused.statusCode).toBe(401);
    const situation = await app.inject({
      method: 'GET',
      url: '/api/structures/1318/situation',
      headers: { authorization: `Bearer ${siege}` },
    });
    expect(situation.statusCode).toBe(200);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    const situationRoute = { method: 'GET', route: '/api/structures/:id/situation', status: '2xx' };
    expect(sample(text, 'gdf_http_request_duration_seconds_count', situationRoute)).toBe(1);
    expect(sample(text, 'gdf_http_request_duration_seconds_bucket', { ...situationRoute, le: '+Inf' })).toBe(1);
    // Logins of the suite (two) and the refused one.
    expect(sample(text, 'gdf_business_events_total', { event: 'connexion', outcome: 'ok' })).toBe(2);
    expect(sample(text, 'gdf_business_events_total', { event: 'connexion', outcome: 'refus' })).toBe(1);
    expect(sample(text, 'gdf_process_resident_memory_bytes', {})).toBeNull(); // no labels: read below
    expect(text).toMatch(/^gdf_process_resident_memory_bytes \d+/m);
    if (target.name === 'postgres') {
      expect(sample(text, 'gdf_db_pool_connections', { pool: 'principal', state: 'total' })).toBeGreaterThan(0);
      expect(sample(text, 'gdf_db_pool_connections', { pool: 'lecture', state: 'en_attente' })).toBe(0);
    }
  });

  it('reports the job queue of the whole fleet from the jobs’ rows: depth per kind and status, oldest waiting', async () => {
    const [job] = await database.query<{ id: number }>(
      `INSERT INTO "APP_Traitement" ("ID_File", "Type", "Libelle", "ID_Structure", "Cle", "Parametres", "Z_DateCreation")
       VALUES (gen_random_uuid(), 'essai_metriques', 'Essai', 1318, 'essai-metriques', '{}', now() - interval '90 seconds')
       RETURNING id`,
    );
    try {
      const text = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(sample(text, 'gdf_jobs', { type: 'essai_metriques', status: 'en_attente' })).toBe(1);
      expect(sample(text, 'gdf_jobs_oldest_waiting_seconds', { type: 'essai_metriques' })).toBeGreaterThanOrEqual(90);
    } finally {
      await database.query(`DELETE FROM "APP_Traitement" WHERE id = $1`, [job?.id]);
    }
  });

  it('writes one log line per business event, with its request id, actor and structure; none for reads or refusals', async () => {
    const [demoClub] = await database.query<{ id: number }>(
      `SELECT m."ID_Structure" AS id FROM "UTI_Login" l
         JOIN "STR_StructureUtilisateur" m ON m."ID_Utilisateur" = l."ID_Utilisateur" WHERE l."Email" = 'club@demo.fr'`,
    );
    const before = lines.length;
    const search = await app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { authorization: `Bearer ${siege}` },
      payload: { query: '{ MKP_FluxFinancier(limit: 1) { id } }' },
    });
    expect(search.statusCode).toBe(200);
    const insert = await app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: { authorization: `Bearer ${siege}` },
      payload: {
        query: 'mutation($o: MKP_FluxFinancier_insert_input!) { insert_MKP_FluxFinancier_one(object: $o) { id } }',
        variables: {
          o: {
            NomFluxFinancier: 'Facture stage falaise',
            Z_DateCreation: '2026-11-09T10:00:00Z',
            MontantHT: 120.5,
            MontantTTC: 120.5,
            EST_Debit: true,
            ID_CategoryFlux: 4,
            ID_Saison: 2027,
            ID_Structure: demoClub?.id,
            MKP_FluxFinancierDetail: {
              data: [
                {
                  NomFluxFinancierDetail: 'Stage',
                  PrixUnitaire: 120.5,
                  Quantite: 1,
                  MontantHT: 120.5,
                  MontantTTC: 120.5,
                  EST_Debit: true,
                },
              ],
            },
          },
        },
      },
    });
    expect(insert.json()).not.toHaveProperty('errors');
    const refusedLetter = await app.inject({
      method: 'POST',
      url: '/api/impayes/relances',
      headers: { authorization: `Bearer ${club}` },
      payload: { structureIds: [1318] },
    });
    expect(refusedLetter.statusCode).toBe(403);

    const events = lines.slice(before).filter((line) => line.msg === 'événement métier');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'graphql.mutation',
      fields: ['insert_MKP_FluxFinancier_one'],
      route: '/v1/graphql',
      statusCode: 200,
      structureId: 1318,
    });
    expect(events[0]?.userId).toBeGreaterThan(0);
    expect(events[0]?.reqId).toBeTruthy();
    const mutationLines = lines.filter((line) => line.reqId === events[0]?.reqId);
    expect(mutationLines.map((line) => line.msg)).toContain('request completed');
  });
});

describe('metrics access', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabaseTargets()[0]!.open();
  });
  afterAll(async () => database?.close());

  it('is not served without a token or an address list, and says how to publish it', async () => {
    const app = await buildTestApp(database, { metrics: {} });
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: METRICS_MESSAGES.disabled });
    await app.close();
  });

  it('is served to a listed address or network, refused to the others', async () => {
    const listed = await buildTestApp(database, { metrics: { allow: ['10.0.0.0/8', '127.0.0.1'] } });
    expect((await listed.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await listed.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    const refused = await listed.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.168.1.9' });
    expect(refused.statusCode).toBe(403);
    await listed.close();
  });
});
