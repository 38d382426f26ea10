import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { coreRouteKeys, SPEC_CORE_ROUTES } from './core-routes';
import {
  bearer,
  closeRestContext,
  multipartBody,
  openRestContext,
  seedDocument,
  TINY_PNG,
  type RestContext,
} from './rest-context';

/**
 * DESIGN.md section 8: for every REST route, club@demo.fr cannot read or change another
 * structure's rows. Each case sends the same request for the club's own structure (it
 * must succeed, so a denial is not just bad input) and for another club (denied).
 */
interface Fixtures {
  clubDocumentId: number;
  otherDocumentId: number;
}
type RequestFor = (
  structureId: number,
  context: RestContext,
  fixtures: Fixtures,
) => Promise<InjectOptions> | InjectOptions;

type RouteCase =
  | { kind: 'scoped'; request: RequestFor; ownStatus: number; deniedStatus: 403 | 404 }
  /** Federation geography (departments, their ligue and comité): no structure's private rows. */
  | { kind: 'reference-data'; request: RequestFor };

const json = (method: 'GET' | 'POST', url: string, payload?: object): InjectOptions => ({ method, url, payload });

const CASES: Record<string, RouteCase> = {
  'POST /api/addresses/zipcode/ct_ligue': {
    kind: 'reference-data',
    request: async (id, { database }) => {
      const [row] = await database.query<{ zip: string }>(
        `SELECT a."CodePostal" AS zip FROM "STR_Structure" s JOIN "ADR_Adresse" a ON a.id = s."ID_Adresse" WHERE s.id = $1`,
        [id],
      );
      return json('POST', '/api/addresses/zipcode/ct_ligue', { zipcode: row?.zip });
    },
  },
  'GET /api/departements/:id': {
    kind: 'reference-data',
    request: async (id, { database }) => {
      const [row] = await database.query<{ dep: number }>(
        `SELECT "ID_Departement" AS dep FROM "STR_Structure" WHERE id = $1`,
        [id],
      );
      return json('GET', `/api/departements/${row?.dep}`);
    },
  },
  'POST /api/addresses/structure/department': {
    kind: 'scoped',
    request: (id) => json('POST', '/api/addresses/structure/department', { structureId: id }),
    ownStatus: 200,
    deniedStatus: 403,
  },
  'POST /api/licences/structure/count': {
    kind: 'scoped',
    request: (id) =>
      json('POST', '/api/licences/structure/count', {
        season: '/api/saisons/2026',
        structure: `/api/structures/${id}`,
      }),
    ownStatus: 200,
    deniedStatus: 403,
  },
  'POST /api/files/create-from-url': {
    kind: 'scoped',
    // The scope is checked before any fetch; in scope, the empty allow-list then refuses the URL (400).
    request: (id) =>
      json('POST', '/api/files/create-from-url', {
        fileUrl: 'https://files.example/logo.png',
        fileType: 'image/png',
        structure: `/api/structures/${id}`,
        documentType: 'avatar_structure',
      }),
    ownStatus: 400,
    deniedStatus: 403,
  },
  'POST /api/structure_documents/structure': {
    kind: 'scoped',
    request: (id) =>
      json('POST', '/api/structure_documents/structure', {
        structure: `/api/structures/${id}`,
        docTypes: ['avatar_structure'],
      }),
    ownStatus: 200,
    deniedStatus: 403,
  },
  'POST /api/files': {
    kind: 'scoped',
    request: async (id) => {
      const body = await multipartBody(
        { fileType: 'image/png', structure: `/api/structures/${id}`, documentType: 'avatar_structure' },
        { name: 'logo.png', bytes: TINY_PNG, type: 'image/png' },
      );
      return { method: 'POST', url: '/api/files', headers: body.headers, payload: body.payload };
    },
    ownStatus: 201,
    deniedStatus: 403,
  },
  'GET /api/structures/:id/avatar': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structures/${id}/avatar`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  'GET /api/structures/:id/status': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structures/${id}/status`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  'GET /api/structure_ribs/structure/:id': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structure_ribs/structure/${id}`),
    ownStatus: 200,
    deniedStatus: 403,
  },
  'GET /api/files/structure_document/:id': {
    kind: 'scoped',
    request: (id, context, fixtures) =>
      json(
        'GET',
        `/api/files/structure_document/${id === context.clubId ? fixtures.clubDocumentId : fixtures.otherDocumentId}`,
      ),
    ownStatus: 200,
    deniedStatus: 404,
  },
};

describe.each(testDatabaseTargets())('cross-structure access on $name (DESIGN.md section 8)', (target) => {
  let context: RestContext;
  let fixtures: Fixtures;

  beforeAll(async () => {
    context = await openRestContext(target);
    fixtures = {
      clubDocumentId: await seedDocument(context, context.clubId),
      otherDocumentId: await seedDocument(context, context.otherClubId),
    };
  });
  afterAll(() => closeRestContext(context));

  it('has a case for every API route, and only for routes that exist', () => {
    const routes = coreRouteKeys(context.app);
    expect(
      routes.filter((route) => !(route in CASES)),
      'routes without a cross-structure case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((key) => !routes.includes(key)),
      'cases without a route',
    ).toEqual([]);
    expect(routes).toEqual(expect.arrayContaining(SPEC_CORE_ROUTES));
  });

  it.each(Object.entries(CASES))('%s', async (_route, routeCase) => {
    const send = async (structureId: number) => {
      const options = await routeCase.request(structureId, context, fixtures);
      return context.app.inject({ ...options, headers: { ...options.headers, ...bearer(context.tokens.club) } });
    };
    const other = await send(context.otherClubId);
    const [otherStructure] = await context.database.query<{ name: string }>(
      `SELECT "NomStructure" AS name FROM "STR_Structure" WHERE id = $1`,
      [context.otherClubId],
    );
    if (routeCase.kind === 'reference-data') {
      expect(other.statusCode, other.body).toBe(200);
      expect(Object.keys(other.json()).sort()).toEqual(['CodeDepartement', 'NomDepartement', 'comite', 'id', 'ligue']);
      expect(other.body).not.toContain(otherStructure?.name);
      return;
    }
    const own = await send(context.clubId);
    expect(own.statusCode, own.body).toBe(routeCase.ownStatus);
    expect(other.statusCode, other.body).toBe(routeCase.deniedStatus);
    expect(other.json().message).toEqual(expect.any(String));
    expect(other.body).not.toContain(otherStructure?.name);
  });

  it('does not store anything for a denied upload', async () => {
    const [{ count } = { count: -1 }] = await context.database.query<{ count: number }>(
      `SELECT count(*)::integer AS count FROM "DOC_Document" WHERE "ID_Structure" = $1`,
      [context.otherClubId],
    );
    expect(count).toBe(1); // only the fixture uploaded by the super administrator
  });
});
