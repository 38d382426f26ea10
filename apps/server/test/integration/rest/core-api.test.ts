import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { SPEC_CORE_ROUTES } from './core-routes';
import {
  bearer,
  closeRestContext,
  openRestContext,
  TINY_PDF,
  TINY_PNG,
  upload,
  type RestContext,
} from './rest-context';

const HEAD_OFFICE = 1318;
const VALID_IBAN = 'FR7630006000011234567890189';

describe.each(testDatabaseTargets())('REST core API on $name (R-API-01)', (target) => {
  let context: RestContext;
  const get = (url: string, token: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object) =>
    context.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  beforeAll(async () => {
    context = await openRestContext(target);
    await context.database.query(
      `INSERT INTO "STR_StructureRib" ("ID_Structure", "IBAN", "BIC", "Titulaire", "Banque", "MandatRUM", "MandatDateSignature")
       VALUES ($1, $2, 'SOGEFRPPXXX', 'Club test', 'Société Générale', 'RUM-TEST', '2024-09-15'),
              ($1, 'FR7630006000011234567890188', NULL, 'Club test', NULL, NULL, NULL)`,
      [context.clubId, VALID_IBAN],
    );
    // The small seed may leave Corsica out; the rule under test needs both of its departments.
    await context.database.query(
      `INSERT INTO "ADR_Departement" ("CodeDepartement", "NomDepartement") VALUES ('2A', 'Corse-du-Sud'), ('2B', 'Haute-Corse')
       ON CONFLICT ("CodeDepartement") DO NOTHING`,
    );
  });
  afterAll(() => closeRestContext(context));

  describe('addresses and departments', () => {
    it('gives the comité and the ligue of a postal code', async () => {
      const [expected] = await context.database.query<{ id: number; ligue: number; comite: number }>(
        `SELECT id, "ID_Ligue" AS ligue, "ID_Comite" AS comite FROM "ADR_Departement" WHERE "CodeDepartement" = '69'`,
      );
      const response = await post('/api/addresses/zipcode/ct_ligue', context.tokens.club, { zipcode: '69001' });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ id: expected?.id, CodeDepartement: '69', NomDepartement: 'Rhône' });
      expect(body.ligue).toEqual({
        id: expected?.ligue,
        NomStructure: expect.any(String),
        ID_CodeFederal: expect.any(String),
      });
      expect(body.comite.id).toBe(expected?.comite);
    });

    it('maps Corsican postal codes to 2A and 2B, and answers 404 for an unknown department', async () => {
      expect(
        (await post('/api/addresses/zipcode/ct_ligue', context.tokens.club, { zipcode: '20000' })).json()
          .CodeDepartement,
      ).toBe('2A');
      expect(
        (await post('/api/addresses/zipcode/ct_ligue', context.tokens.club, { zipcode: '20600' })).json()
          .CodeDepartement,
      ).toBe('2B');
      const overseas = await post('/api/addresses/zipcode/ct_ligue', context.tokens.club, { zipcode: '97110' });
      expect(overseas.statusCode).toBe(404);
      expect(overseas.json().message).toMatch(/département/i);
    });

    it('GET /api/departements/{id} returns the department with its ligue and comité', async () => {
      const viaZip = (await post('/api/addresses/zipcode/ct_ligue', context.tokens.club, { zipcode: '38000' })).json();
      const response = await get(`/api/departements/${viaZip.id}`, context.tokens.club);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(viaZip);
      expect((await get('/api/departements/999999', context.tokens.club)).statusCode).toBe(404);
    });

    it("derives a structure's department from its address, within scope", async () => {
      const [club] = await context.database.query<{ zip: string }>(
        `SELECT a."CodePostal" AS zip FROM "STR_Structure" s JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse" WHERE s.id = $1`,
        [context.clubId],
      );
      const expected = (
        await post('/api/addresses/zipcode/ct_ligue', context.tokens.club, { zipcode: club?.zip ?? '' })
      ).json();
      const own = await post('/api/addresses/structure/department', context.tokens.club, {
        structureId: context.clubId,
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toEqual(expected);
      // The head office sees every member structure.
      const siege = await post('/api/addresses/structure/department', context.tokens.siege, {
        structureId: context.otherClubId,
      });
      expect(siege.statusCode).toBe(200);
    });
  });

  it('counts the licences of a structure on a season', async () => {
    const [busiest] = await context.database.query<{ season: number; count: number }>(
      `SELECT "ID_Saison" AS season, count(*)::integer AS count FROM "LIC_Licence" WHERE "ID_Structure" = $1
        GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
      [context.clubId],
    );
    expect(busiest?.count).toBeGreaterThan(0);
    const payload = { season: `/api/saisons/${busiest?.season}`, structure: `/api/structures/${context.clubId}` };
    expect((await post('/api/licences/structure/count', context.tokens.club, payload)).json()).toEqual({
      count: busiest?.count,
    });
    const empty = { season: '/api/saisons/1990', structure: `/api/structures/${context.clubId}` };
    expect((await post('/api/licences/structure/count', context.tokens.club, empty)).json()).toEqual({ count: 0 });
  });

  describe('documents', () => {
    it("lists a structure's documents by type and season, ignoring extra keys", async () => {
      const uploaded = await upload(
        context,
        context.tokens.club,
        {
          fileType: 'application/pdf',
          structure: `/api/structures/${context.clubId}`,
          season: '/api/saisons/2026',
          documentType: 'rib',
        },
        { name: 'RIB club.pdf', bytes: TINY_PDF, type: 'application/pdf' },
      );
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const list = (docTypes: string[], extra: object = {}) =>
        post('/api/structure_documents/structure', context.tokens.club, {
          structure: `/api/structures/${context.clubId}`,
          docTypes,
          ...extra,
        });
      const found = (await list(['rib', 'facture'], { season: '/api/saisons/2026', page: 1 })).json();
      expect(found).toEqual([
        expect.objectContaining({
          id: uploaded.json().id,
          SlugTypeDocument: 'rib',
          NomFichier: 'RIB club.pdf',
          ID_Saison: 2026,
        }),
      ]);
      expect((await list(['rib'], { season: '/api/saisons/2025' })).json()).toEqual([]);
      expect((await list(['facture'])).json()).toEqual([]);
    });

    it('returns the newest structure avatar, or 404 when there is none', async () => {
      const url = `/api/structures/${context.clubId}/avatar`;
      expect((await get(url, context.tokens.club)).statusCode).toBe(404);
      const fields = {
        fileType: 'image/png',
        structure: `/api/structures/${context.clubId}`,
        documentType: 'avatar_structure',
      };
      await upload(context, context.tokens.club, fields, { name: 'ancien.png', bytes: TINY_PNG });
      const newest = (await upload(context, context.tokens.club, fields, { name: 'logo.png', bytes: TINY_PNG })).json();
      const avatar = await get(url, context.tokens.club);
      expect(avatar.statusCode).toBe(200);
      expect(avatar.json()).toMatchObject({
        id: newest.id,
        TypeMime: 'image/png',
        url: `/api/files/structure_document/${newest.id}`,
      });
      // The federation sees its member structures' avatars.
      expect((await get(url, context.tokens.siege)).json().id).toBe(newest.id);
    });

    it('serves a document as an image source with the header token, never one in the query string', async () => {
      const avatar = (await get(`/api/structures/${context.clubId}/avatar`, context.tokens.club)).json();
      const inQuery = await context.app.inject({
        method: 'GET',
        url: `${avatar.url}?access_token=${context.tokens.club}`,
      });
      expect(inQuery.statusCode).toBe(401);
      const image = await get(avatar.url, context.tokens.club);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    });
  });

  describe('RIBs', () => {
    const ribs = async (structureId: number, token: string) => {
      const response = await get(`/api/structure_ribs/structure/${structureId}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Array<{ IBAN: string; IBANMasque: boolean; ibanValide: boolean; BIC: string | null }>;
    };

    it("shows a structure's own RIBs whole, with the IBAN check", async () => {
      const own = await ribs(context.clubId, context.tokens.club);
      expect(own).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            IBAN: VALID_IBAN,
            IBANMasque: false,
            ibanValide: true,
            BIC: 'SOGEFRPPXXX',
            MandatDateSignature: '2024-09-15',
          }),
          expect.objectContaining({ IBAN: 'FR7630006000011234567890188', ibanValide: false, BIC: null }),
        ]),
      );
    });

    it("lets every signed-in user read the head office's RIB, masked unless allowed", async () => {
      const masked = await ribs(HEAD_OFFICE, context.tokens.club);
      expect(masked.length).toBeGreaterThan(0);
      for (const rib of masked) {
        expect(rib.IBANMasque).toBe(true);
        expect(rib.IBAN).toMatch(/^•+[0-9A-Z]{4}$/);
        expect(rib.ibanValide).toBe(true);
      }
      expect((await ribs(HEAD_OFFICE, context.tokens.ligue))[0]?.IBANMasque).toBe(true);
      const whole = await ribs(HEAD_OFFICE, context.tokens.siege);
      expect(whole[0]?.IBAN).toMatch(/^FR\d{2}[0-9A-Z]{23}$/);
      expect(whole[0]?.IBAN.slice(-4)).toBe(masked[0]?.IBAN.slice(-4));
      expect((await ribs(HEAD_OFFICE, context.tokens.superAdmin))[0]?.IBANMasque).toBe(false);
    });

    it("lets the federation's SI administrator read member structures' IBANs whole", async () => {
      const rows = await ribs(context.clubId, context.tokens.siege);
      expect(rows.find((rib) => rib.IBAN === VALID_IBAN)).toBeDefined();
    });
  });

  it('documents every core call on the OpenAPI page', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    for (const route of SPEC_CORE_ROUTES) {
      const [method = '', url = ''] = route.split(' ');
      const operation = paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation?.summary, route).toEqual(expect.any(String));
      expect(operation?.tags?.length, route).toBeGreaterThan(0);
    }
    expect(Object.keys(paths['/api/files']?.post as object)).toContain('requestBody');
  });
});
