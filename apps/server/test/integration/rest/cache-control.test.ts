import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { bearer, closeRestContext, openRestContext, seedDocument, type RestContext } from './rest-context';

/**
 * R-SEC-12: answers carrying personal or bank data (an IBAN, an e-mail, a document) must
 * never sit in a browser or proxy cache: `Cache-Control: no-store` on every /api and /v1
 * answer unless a route says otherwise.
 */
describe.each(testDatabaseTargets())('Cache-Control: no-store on API answers on $name', (target) => {
  let context: RestContext;
  beforeAll(async () => {
    context = await openRestContext(target);
  });
  afterAll(() => closeRestContext(context));

  const expectNoStore = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
    expect(String(response.headers['cache-control']), response.body.slice(0, 200)).toMatch(/\bno-store\b/);

  it('GET /api/me', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/me', headers: bearer(context.tokens.club) });
    expect(response.statusCode).toBe(200);
    expectNoStore(response);
  });

  it('GET /api/structure_ribs/structure/1318 (IBANs), as the head office and as a club', async () => {
    for (const token of [context.tokens.siege, context.tokens.club]) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/structure_ribs/structure/${HEAD_OFFICE_STRUCTURE_ID}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      expectNoStore(response);
    }
  });

  it('POST /v1/graphql, answered and refused', async () => {
    const answered = await context.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: bearer(context.tokens.club),
      payload: { query: '{ MKP_FluxFinancier(limit: 1) { id NomFluxFinancier UTI_Utilisateur { CT_Nom } } }' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expectNoStore(answered);
    const refused = await context.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: bearer(context.tokens.club),
      payload: { query: '{ inconnu }' },
    });
    expectNoStore(refused);
  });

  it('refusals and errors too (401, 404)', async () => {
    expectNoStore(await context.app.inject({ method: 'GET', url: '/api/me' }));
    expectNoStore(
      await context.app.inject({ method: 'GET', url: '/api/nulle-part', headers: bearer(context.tokens.club) }),
    );
  });

  it("a structure's document bytes are private and not stored either", async () => {
    const id = await seedDocument(context, context.clubId);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/files/structure_document/${id}`,
      headers: bearer(context.tokens.club),
    });
    expect(response.statusCode).toBe(200);
    expectNoStore(response);
  });
});
