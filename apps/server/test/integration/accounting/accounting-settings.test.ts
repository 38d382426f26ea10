import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { bearer, closeRestContext, openRestContext, type RestContext } from '../rest/rest-context';

const BASE = '/api/parametrages-comptables';

describe.each(testDatabaseTargets())('Paramétrages comptables on $name (R-LEDG-01)', (target) => {
  let context: RestContext;
  beforeAll(async () => {
    context = await openRestContext(target);
  });
  afterAll(() => closeRestContext(context));

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = context.tokens.siege,
  ) => context.app.inject({ method, url: `${BASE}${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('seeds a chart of accounts, sections and mappings for the head office and the club', async () => {
    const comptes = (await send('GET', '/comptes')).json() as Array<{ Numero: string; Classe: number }>;
    expect(new Set(comptes.map((c) => c.Classe))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    const mappings = (await send('GET', '/mappings-flux')).json() as Array<{
      ID_CategoryFlux: number;
      JournalCode: string;
    }>;
    expect(mappings.map((m) => m.ID_CategoryFlux)).toEqual([1, 2, 3, 4, 5, 6]);
    const [club] = await context.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "CPT_MappingFlux" WHERE "ID_Structure" = $1 AND "JournalCode" = 'AC'`,
      [context.clubId],
    );
    expect(club?.count).toBe(6);
  });

  it('creates, updates and deletes an account, audit-logged; duplicates are a conflict', async () => {
    const created = await send('POST', '/comptes', { Numero: '706500', Libelle: 'Stages et formations' });
    expect(created.statusCode, created.body).toBe(201);
    const { id, Classe } = created.json() as { id: number; Classe: number };
    expect(Classe).toBe(7);
    expect((await send('POST', '/comptes', { Numero: '706500', Libelle: 'Doublon' })).statusCode).toBe(409);
    const updated = await send('PUT', `/comptes/${id}`, { Numero: '706500', Libelle: 'Stages' });
    expect(updated.json()).toMatchObject({ Libelle: 'Stages' });
    expect((await send('DELETE', `/comptes/${id}`)).statusCode).toBe(204);
    const [logged] = await context.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "APP_AuditLog" WHERE "TableCible" = 'CPT_Compte' AND "ID_Cible" = $1`,
      [id],
    );
    expect(logged?.count).toBe(3);
  });

  it('validates with French messages and checks a mapping against the structure’s own plan', async () => {
    const bad = await send('POST', '/comptes', { Numero: '9', Libelle: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Numéro de compte invalide/);
    // Each wrong field is named with its own French message, for a form to show beside it;
    // `message` stays the same text, field by field.
    const { issues, message } = bad.json() as { issues: Array<{ path: string; message: string }>; message: string };
    expect(issues.map((issue) => issue.path)).toEqual(['Numero', 'Libelle']);
    expect(issues[0]?.message).toMatch(/^Numéro de compte invalide/);
    expect(message).toBe(`Requête invalide : ${issues.map((i) => `${i.path} : ${i.message}`).join(' ; ')}`);
    const unknown = await send('POST', '/mappings-flux', {
      ID_Tarif: null,
      ID_CategoryFlux: null,
      CompteNumero: '706000',
      JournalCode: 'VE',
    });
    expect(unknown.statusCode).toBe(400);
    const [tarif] = await context.database.query<{ id: number }>(`SELECT id FROM "MKP_Tarif" ORDER BY id LIMIT 1`);
    const missing = await send('POST', '/mappings-flux', {
      ID_Tarif: tarif?.id,
      CompteNumero: '799999',
      JournalCode: 'VE',
    });
    expect(missing.json().message).toMatch(/Compte inconnu/);
    const mapped = await send('POST', '/mappings-flux', {
      ID_Tarif: tarif?.id,
      CompteNumero: '706000',
      JournalCode: 'VE',
      CodeSection: 'FORM',
    });
    expect(mapped.statusCode, mapped.body).toBe(201);
    const inUse = (await send('GET', '/comptes')).json() as Array<{ id: number; Numero: string }>;
    const account = inUse.find((c) => c.Numero === '706000');
    expect((await send('DELETE', `/comptes/${account?.id}`)).statusCode).toBe(409);
  });

  it('club without the modules: 403; rows of another structure: 404', async () => {
    expect((await send('GET', '/comptes', undefined, context.tokens.club)).statusCode).toBe(403);
    expect(
      (await send('POST', '/sections-analytiques', { Code: 'X', Libelle: 'X' }, context.tokens.club)).statusCode,
    ).toBe(403);
    const [clubRow] = await context.database.query<{ id: number }>(
      `SELECT id FROM "CPT_Compte" WHERE "ID_Structure" = $1 LIMIT 1`,
      [context.clubId],
    );
    expect((await send('PUT', `/comptes/${clubRow?.id}`, { Numero: '606300', Libelle: 'Piraté' })).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', `/comptes/${clubRow?.id}`)).statusCode).toBe(404);
  });
});
