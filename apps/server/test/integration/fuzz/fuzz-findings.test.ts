import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets, type TestDatabase } from '../support/databases';
import { buildTestApp, loginAs, seedSmall, TEST_TODAY } from '../support/test-app';

/**
 * What the route fuzzer (R-SEC-20) found, each case kept as it was sent: answers in English
 * from Fastify and graphql-js (R-SEC-01), and a refusal that wrote rows.
 */
const JSON_TYPE = { 'content-type': 'application/json' };

describe.each(testDatabaseTargets())('route fuzzer findings on $name (R-SEC-01, R-SEC-20)', (target) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let authorization: string;

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
    app = await buildTestApp(database, { ledgerClock: () => TEST_TODAY });
    authorization = `Bearer ${await loginAs(app, 'super.admin@demo.fr')}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const send = (options: InjectOptions) =>
    app.inject({ ...options, headers: { authorization, ...(options.headers as Record<string, string>) } });

  it.each<[string, InjectOptions, string]>([
    [
      'an address that is not UTF-8 once decoded',
      { method: 'GET', url: '/api/flux/%F8%88%80%80%80/facture.pdf' },
      'Requête invalide : adresse mal formée.',
    ],
    [
      'an empty JSON body',
      { method: 'POST', url: '/api/auth/logout', headers: JSON_TYPE, payload: '' },
      'Requête invalide : le corps est vide alors que son type annonce du JSON.',
    ],
    [
      'a body that is not JSON',
      { method: 'POST', url: '/api/impayes/relances', headers: JSON_TYPE, payload: '{"a":' },
      'Requête invalide : le corps n’est pas du JSON valide.',
    ],
    [
      'a body setting __proto__',
      { method: 'POST', url: '/api/impayes/relances', headers: JSON_TYPE, payload: '{"__proto__":{"x":1}}' },
      'Requête invalide : le corps n’est pas du JSON valide.',
    ],
    [
      'JSON announced in UTF-16',
      {
        method: 'POST',
        url: '/api/impayes/relances',
        headers: { 'content-type': 'application/json; charset=utf-16' },
        payload: Buffer.from('\ufeff{"a":1}', 'utf16le'),
      },
      'Requête invalide : le corps n’est pas du JSON valide.',
    ],
    [
      'a content type no route reads',
      {
        method: 'POST',
        url: '/api/auth/refresh?format=pnm',
        headers: { 'content-type': 'application/x-inconnu' },
        payload: '{}',
      },
      'Requête invalide : type de contenu non pris en charge.',
    ],
  ])('answers %s in French', async (_label, options, message) => {
    const response = await send(options);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'bad-request', message });
  });

  it.each<[string, string, string]>([
    [
      'an Int beyond 2^63',
      'query Fuzz { MKP_FluxFinancierDetail_by_pk(id: 9223372036854776000) { id } }',
      '"Int" attend un entier de -2147483648 à 2147483647 : 9223372036854776000 reçu.',
    ],
    ['a document cut short', '{ MKP_FluxFinancier(', 'Erreur de syntaxe : nom attendu, fin du document trouvé.'],
    [
      'a lone surrogate in a string',
      '{ "\\ud800" }',
      'Erreur de syntaxe : séquence d’échappement Unicode invalide : "\\ud800".',
    ],
    [
      '2,000 aliases of one field',
      `{ a: __typename ${'b: __typename '.repeat(2_000)}}`,
      'Validation interrompue : document trop complexe.',
    ],
  ])('answers GraphQL’s %s in French', async (_label, query, message) => {
    const response = await send({ method: 'POST', url: '/v1/graphql', payload: { query } });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { errors: Array<{ message: string }> }).errors[0]?.message).toBe(message);
  });

  it('answers variables of the wrong type in French', async () => {
    const response = await send({
      method: 'POST',
      url: '/v1/graphql',
      payload: {
        query:
          'query Q($l: Int, $o: Int, $e: Boolean) { FEDE_Saison_aggregate(limit: $l, offset: $o, estimate: $e) { aggregate { count } } }',
        variables: { l: 1.5, o: [[[[[[1]]]]]], e: 1e308 },
      },
    });
    expect((response.json() as { errors: Array<{ message: string }> }).errors.map((e) => e.message)).toEqual([
      '"Int" attend un entier : 1.5 reçu.',
      '"Int" attend un entier : [[[liste]]] reçu.',
      '"Boolean" attend un booléen (true ou false) : 1e+308 reçu.',
    ]);
  });

  it('draws no fiscal year when it refuses to close or validate one', async () => {
    const years = async () =>
      Number((await database.query<{ n: string }>(`SELECT count(*)::text AS n FROM "CPT_Exercice"`))[0]?.n);
    const before = await years();
    const closing = await send({ method: 'POST', url: '/api/parametrages-comptables/exercices/999999/cloture' });
    expect(closing.statusCode).toBe(404);
    const validation = await send({
      method: 'POST',
      url: '/api/parametrages-comptables/exercices/999999/validation',
      payload: { jusquau: '2026-10-01' },
    });
    expect(validation.statusCode).toBe(404);
    expect(await years()).toBe(before);
  });
});
