import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { testDatabaseTargets } from '../support/databases';
import { TEST_JWT_SECRET, loginAs } from '../support/test-app';
import { closeGraphqlContext, graphqlClient, openGraphqlContext, type GraphqlContext } from './graphql-context';

/**
 * R-SCOPE-07: every user reads the head office (1318), since it heads every
 * invoice, but only what an invoice prints (name, address, SIREN). Outside the head office
 * its e-mail and phone, and its people's e-mail, phone, licence number and home address,
 * read as null (or no row), whatever the path: selection, nested relation, filter, sort,
 * aggregate; on the direct SQL path and on graphql-js's executor alike.
 */
const HEAD_OFFICE = HEAD_OFFICE_STRUCTURE_ID;
const SECRET = {
  structureEmail: 'direction@siege.example',
  structurePhone: '0140000000',
  email: 'correspondant.perso@example.fr',
  phone: '0611223344',
  licence: 987_654_321,
  home: '12 rue Privée',
};

const INVOICE_BLOCK = `{ s: STR_Structure_by_pk(id: ${HEAD_OFFICE}) {
  id NomStructure SIREN CT_Email CT_Telephone
  ADR_Adresse { Adresse1 CodePostal Ville }
  NomCorrespondant { CT_Nom CT_Prenom CT_Email CT_Telephone LicenceNumero ADR_Adresse { Adresse1 } }
} }`;

/** Probes whose answer would depend on a hidden value if it were not hidden. */
const PROBES = [
  `{ r: STR_Structure(where: {CT_Email: {_eq: "${SECRET.structureEmail}"}}) { id } }`,
  `{ r: STR_Structure(where: {CT_Telephone: {_like: "014%"}}) { id } }`,
  `{ r: STR_Structure(where: {NomCorrespondant: {CT_Email: {_ilike: "correspondant.perso%"}}}) { id } }`,
  `{ r: STR_Structure(where: {NomCorrespondant: {LicenceNumero: {_eq: ${SECRET.licence}}}}) { id } }`,
  `{ r: STR_Structure(where: {NomCorrespondant: {LicenceNumero: {_gt: 987654320}}}) { id } }`,
  `{ r: STR_Structure(where: {NomCorrespondant: {ADR_Adresse: {Adresse1: {_eq: "${SECRET.home}"}}}}) { id } }`,
  `{ r: MKP_FluxFinancier(where: {UTI_Utilisateur: {LicenceNumero: {_eq: ${SECRET.licence}}}}) { id } }`,
  `{ r: MKP_FluxFinancier(where: {UTI_Utilisateur: {CT_Email: {_eq: "${SECRET.email}"}}}) { id } }`,
];

describe.each(testDatabaseTargets())('head office public data limited to the invoice on $name', (target) => {
  let context: GraphqlContext;
  let executorApp: FastifyInstance;
  let correspondentId: number;
  let fluxId: number;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    context = await openGraphqlContext(target);
    executorApp = await buildApp({
      database: context.database,
      jwtSecret: TEST_JWT_SECRET,
      loginRateLimit: false,
      graphqlDirectExecution: false,
    });
    const db = context.database;
    const [siege] = await db.query<{ id: number }>(
      `SELECT "ID_Utilisateur" AS id FROM "UTI_Login" WHERE "Email" = 'siege@demo.fr'`,
    );
    correspondentId = siege!.id;
    await db.query(
      `UPDATE "STR_Structure" SET "ID_Correspondant" = $2, "CT_Email" = $3, "CT_Telephone" = $4, "SIREN" = '775671356' WHERE id = $1`,
      [HEAD_OFFICE, correspondentId, SECRET.structureEmail, SECRET.structurePhone],
    );
    await db.query(
      `UPDATE "UTI_Utilisateur" SET "CT_Email" = $2, "CT_Telephone" = $3, "LicenceNumero" = $4 WHERE id = $1`,
      [correspondentId, SECRET.email, SECRET.phone, SECRET.licence],
    );
    await db.query(
      `INSERT INTO "ADR_Adresse" ("Adresse1", "CodePostal", "Ville", "ID_Utilisateur") VALUES ($1, '75001', 'Paris', $2)`,
      [SECRET.home, correspondentId],
    );
    // A head-office person also named on a club's flux (a licensee of that club).
    const [flux] = await db.query<{ id: number }>(
      `UPDATE "MKP_FluxFinancier" SET "ID_Utilisateur" = $2
        WHERE id = (SELECT min(id) FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1) RETURNING id`,
      [context.clubId, correspondentId],
    );
    fluxId = flux!.id;
  });
  afterAll(async () => {
    await executorApp?.close();
    await closeGraphqlContext(context);
  });

  /** The answer, after checking both paths give exactly the same one. */
  async function ask(email: string, query: string) {
    const token = tokens.get(email) ?? (await loginAs(context.app, email));
    tokens.set(email, token);
    const fresh = { 'cache-control': 'no-cache' };
    const direct = await graphqlClient(context.app, token)(query, {}, fresh);
    const executor = await graphqlClient(executorApp, token)(query, {}, fresh);
    expect(direct.status, `${email} ${query}`).toBe(executor.status);
    expect(JSON.parse(direct.raw), `${email} ${query}`).toEqual(JSON.parse(executor.raw));
    expect(direct.errors, `${email} ${query}`).toBeUndefined();
    return direct.data as Record<string, unknown>;
  }

  const OUTSIDERS = ['club@demo.fr', 'ligue@demo.fr', 'comite@demo.fr'];

  it.each(OUTSIDERS)('%s: the invoice block of 1318, without the contact data', async (email) => {
    const { s } = await ask(email, INVOICE_BLOCK);
    expect(s).toMatchObject({
      id: HEAD_OFFICE,
      NomStructure: expect.any(String),
      SIREN: '775671356',
      CT_Email: null,
      CT_Telephone: null,
      ADR_Adresse: { Ville: expect.any(String) },
      NomCorrespondant: {
        CT_Nom: expect.any(String),
        CT_Prenom: expect.any(String),
        CT_Email: null,
        CT_Telephone: null,
        LicenceNumero: null,
        ADR_Adresse: [],
      },
    });
  });

  it.each(OUTSIDERS)('%s: filters on the hidden columns find nothing', async (email) => {
    for (const probe of PROBES) expect(Object.values(await ask(email, probe))[0], probe).toEqual([]);
  });

  it.each(OUTSIDERS)('%s: under _not, the answer does not depend on the hidden value', async (email) => {
    const answers = [];
    for (const phone of [SECRET.phone, '0000000000']) {
      answers.push(
        await ask(
          email,
          `{ r: STR_Structure(where: {id: {_eq: ${HEAD_OFFICE}}, _not: {NomCorrespondant: {CT_Telephone: {_eq: "${phone}"}}}}) { id } }`,
        ),
      );
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it.each(OUTSIDERS)('%s: aggregates and sorts read the hidden columns as null', async (email) => {
    const { a } = await ask(
      email,
      `{ a: STR_Structure_aggregate(where: {id: {_eq: ${HEAD_OFFICE}}}) { aggregate {
          count(columns: [CT_Email]) max { CT_Email CT_Telephone } min { CT_Telephone } } } }`,
    );
    expect(a).toEqual({
      aggregate: { count: 0, max: { CT_Email: null, CT_Telephone: null }, min: { CT_Telephone: null } },
    });
    const sorted = await ask(
      email,
      `{ r: STR_Structure(where: {id: {_eq: ${HEAD_OFFICE}}}, order_by: {NomCorrespondant: {CT_Email: asc}}) { id } }`,
    );
    expect(sorted.r).toEqual([{ id: HEAD_OFFICE }]);
  });

  it('club: a head-office person named on its own flux shows no contact data nor licence number', async () => {
    const { f } = await ask(
      'club@demo.fr',
      `{ f: MKP_FluxFinancier_by_pk(id: ${fluxId}) { id UTI_Utilisateur { CT_Nom CT_Email CT_Telephone LicenceNumero } } }`,
    );
    expect(f).toMatchObject({
      id: fluxId,
      UTI_Utilisateur: { CT_Nom: expect.any(String), CT_Email: null, CT_Telephone: null, LicenceNumero: null },
    });
  });

  it.each(['siege@demo.fr', 'super.admin@demo.fr'])('%s (head office): everything stays readable', async (email) => {
    const { s } = await ask(email, INVOICE_BLOCK);
    expect(s).toMatchObject({
      CT_Email: SECRET.structureEmail,
      CT_Telephone: SECRET.structurePhone,
      NomCorrespondant: {
        CT_Email: SECRET.email,
        CT_Telephone: SECRET.phone,
        LicenceNumero: SECRET.licence,
        ADR_Adresse: [{ Adresse1: SECRET.home }],
      },
    });
    const probe = await ask(email, PROBES[3]!);
    expect(probe.r).toEqual([{ id: HEAD_OFFICE }]);
  });

  it('a club still reads its own contact data and its licensees', async () => {
    const { s } = await ask(
      'club@demo.fr',
      `{ s: STR_Structure_by_pk(id: ${context.clubId}) { CT_Email NomCorrespondant { CT_Email LicenceNumero } } }`,
    );
    const [own] = await context.database.query<{ email: string | null }>(
      `SELECT "CT_Email" AS email FROM "STR_Structure" WHERE id = $1`,
      [context.clubId],
    );
    expect((s as { CT_Email: string | null }).CT_Email).toBe(own?.email ?? null);
    const { f } = await ask(
      'club@demo.fr',
      `{ f: MKP_FluxFinancier(where: {UTI_Utilisateur: {LicenceNumero: {_is_null: false}}}, limit: 3) { UTI_Utilisateur { LicenceNumero } } }`,
    );
    expect((f as Array<{ UTI_Utilisateur: { LicenceNumero: number } }>).length).toBeGreaterThan(0);
    for (const row of f as Array<{ UTI_Utilisateur: { LicenceNumero: number } }>)
      expect(row.UTI_Utilisateur.LicenceNumero).toEqual(expect.any(Number));
  });

  it.each([...OUTSIDERS, 'siege@demo.fr'])(
    '%s: REST RIBs of 1318 keep the IBAN masked outside the head office',
    async (email) => {
      const token = tokens.get(email) ?? (await loginAs(context.app, email));
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/structure_ribs/structure/${HEAD_OFFICE}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      const ribs = response.json() as Array<{ IBAN: string; IBANMasque: boolean; Titulaire: string }>;
      expect(ribs.length).toBeGreaterThan(0);
      for (const rib of ribs) {
        expect(rib.Titulaire).toEqual(expect.any(String));
        expect(rib.IBANMasque, email).toBe(email !== 'siege@demo.fr');
        if (email !== 'siege@demo.fr') expect(rib.IBAN).toMatch(/^•+[A-Z0-9]{4}$/);
      }
    },
  );
});
