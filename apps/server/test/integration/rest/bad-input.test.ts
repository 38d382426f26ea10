import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../support/databases';
import { coreRouteKeys } from './core-routes';
import { bearer, closeRestContext, multipartBody, openRestContext, TINY_PNG, type RestContext } from './rest-context';
import { reportRobustness } from '../support/robustness-report';

/** R-SEC-01: bad input on every endpoint gets a 400 with a message, never a 500. */
type BadRequest = (context: RestContext) => InjectOptions | Promise<InjectOptions>;

const JSON_HEADERS = { 'content-type': 'application/json' };
/** Bodies that are not a JSON object at all. */
const notAnObject = (method: 'POST', url: string): Record<string, BadRequest> => ({
  'no body': () => ({ method, url }),
  'plain text': () => ({ method, url, payload: 'texte', headers: { 'content-type': 'text/plain' } }),
  'malformed JSON': () => ({ method, url, payload: '{"a":', headers: JSON_HEADERS }),
  'empty JSON body': () => ({ method, url, payload: '', headers: JSON_HEADERS }),
  'JSON null': () => ({ method, url, payload: 'null', headers: JSON_HEADERS }),
  'JSON array': () => ({ method, url, payload: '[]', headers: JSON_HEADERS }),
  'unsupported media type': () => ({ method, url, payload: '<a/>', headers: { 'content-type': 'application/xml' } }),
});
const jsonBodies = (url: string, bodies: Record<string, unknown>): Record<string, BadRequest> => ({
  ...notAnObject('POST', url),
  ...Object.fromEntries(
    Object.entries(bodies).map(([label, payload]) => [
      label,
      () => ({ method: 'POST' as const, url, payload: payload as object }),
    ]),
  ),
});
/** GET `url` with each query string. */
/** R-STAT-02: what the statistics' filters refuse before the data is read. */
const STATISTICS_BAD_QUERIES = [
  '?saison=abc',
  '?saison=1800',
  '?debut=2026-02-30',
  '?fin=31/12/2025',
  '?debut=2025-12-01&fin=2025-11-01',
  '?categorie=0',
  '?categorie=1.5',
  '?typeStructure=region',
  '?typeStructure=9',
  '?ligue=abc',
  '?comite=2147483648',
  '?region=3',
  '?saison=2026&saison=2025',
  '?structureId=abc',
];
const queries = (url: string, list: readonly string[]): Record<string, BadRequest> =>
  Object.fromEntries(
    list.map((query) => [`query "${query}"`, () => ({ method: 'GET' as const, url: `${url}${query}` })]),
  );
/** Path ids that are not a positive PostgreSQL integer. */
const badIds = (url: (id: string) => string, method: 'GET' | 'POST' = 'GET'): Record<string, BadRequest> =>
  Object.fromEntries(
    ['abc', '0', '-1', '1.5', '1e3', '0x10', '%20', '2147483648', '99999999999999999999'].map((id) => [
      `id ${id}`,
      () => ({ method, url: url(id) }),
    ]),
  );
const MALFORMED_STRUCTURE_PATHS = [
  42,
  '42',
  '/api/structures/',
  '/api/structures/abc',
  '/api/structures/0',
  '/api/structures/-4',
  '/api/structures/1.5',
  '/api/structures/42/',
  '/api/structures/42/x',
  '/api/structures/42?x=1',
  ' /api/structures/42',
  'api/structures/42',
  '/api/saisons/42',
  '/api/structures/99999999999',
];
const form =
  (fields: Record<string, string>, withFile = true): BadRequest =>
  async () => {
    const body = await multipartBody(
      fields,
      withFile ? { name: 'logo.png', bytes: TINY_PNG, type: 'image/png' } : undefined,
    );
    return { method: 'POST', url: '/api/files', headers: body.headers, payload: body.payload };
  };

function cases(context: RestContext): Record<string, Record<string, BadRequest>> {
  const own = `/api/structures/${context.clubId}`;
  const document = { fileType: 'image/png', structure: own, documentType: 'avatar_structure' };
  return {
    'POST /api/addresses/zipcode/ct_ligue': jsonBodies('/api/addresses/zipcode/ct_ligue', {
      'missing zipcode': {},
      'number zipcode': { zipcode: 69001 },
      'four digits': { zipcode: '6900' },
      letters: { zipcode: 'ABCDE' },
      'no department 00': { zipcode: '00100' },
      'null zipcode': { zipcode: null },
      'array zipcode': { zipcode: ['69001'] },
    }),
    'GET /api/departements/:id': badIds((id) => `/api/departements/${id}`),
    'POST /api/addresses/structure/department': jsonBodies('/api/addresses/structure/department', {
      'missing structureId': {},
      'string id': { structureId: String(context.clubId) },
      'resource path': { structureId: own },
      'negative id': { structureId: -1 },
      'zero id': { structureId: 0 },
      'decimal id': { structureId: 1.5 },
      'huge id': { structureId: 1e12 },
      'null id': { structureId: null },
      'boolean id': { structureId: true },
    }),
    'POST /api/licences/structure/count': jsonBodies('/api/licences/structure/count', {
      'missing fields': {},
      'missing structure': { season: '/api/saisons/2026' },
      'numbers instead of paths': { season: 2026, structure: context.clubId },
      'malformed season': { season: '/api/saisons/abc', structure: own },
      'season of another collection': { season: '/api/seasons/2026', structure: own },
      ...Object.fromEntries(
        MALFORMED_STRUCTURE_PATHS.map((path) => [
          `structure ${JSON.stringify(path)}`,
          { season: '/api/saisons/2026', structure: path },
        ]),
      ),
    }),
    'POST /api/files/create-from-url': jsonBodies('/api/files/create-from-url', {
      'missing fields': {},
      'missing fileUrl': document,
      'number fileUrl': { ...document, fileUrl: 5 },
      'empty fileUrl': { ...document, fileUrl: '' },
      'huge fileUrl': { ...document, fileUrl: `https://files.example/${'a'.repeat(3000)}` },
      'fileType not allowed': { ...document, fileUrl: 'https://files.example/a.html', fileType: 'text/html' },
      'malformed structure': { ...document, fileUrl: 'https://files.example/a.png', structure: '/api/structures/x' },
      'malformed season': { ...document, fileUrl: 'https://files.example/a.png', season: '/api/saisons/0' },
      'malformed documentType': { ...document, fileUrl: 'https://files.example/a.png', documentType: 'Logo !' },
      'unknown documentType': { ...document, fileUrl: 'https://files.example/a.png', documentType: 'inconnu' },
    }),
    'POST /api/structure_documents/structure': jsonBodies('/api/structure_documents/structure', {
      'missing fields': {},
      'missing docTypes': { structure: own },
      'empty docTypes': { structure: own, docTypes: [] },
      'docTypes as a string': { structure: own, docTypes: 'avatar_structure' },
      'docTypes of numbers': { structure: own, docTypes: [1] },
      'too many docTypes': { structure: own, docTypes: Array.from({ length: 21 }, (_, i) => `type_${i}`) },
      'number structure': { structure: context.clubId, docTypes: ['rib'] },
      'malformed structure': { structure: '/api/structures/1.5', docTypes: ['rib'] },
      'number season': { structure: own, docTypes: ['rib'], season: 2026 },
    }),
    'POST /api/files': {
      'JSON instead of a form': () => ({ method: 'POST', url: '/api/files', payload: document }),
      'plain text': () => ({
        method: 'POST',
        url: '/api/files',
        payload: 'texte',
        headers: { 'content-type': 'text/plain' },
      }),
      'garbled multipart': () => ({
        method: 'POST',
        url: '/api/files',
        payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      }),
      'missing file': form(document, false),
      'missing structure': form({ fileType: 'image/png', documentType: 'avatar_structure' }),
      'missing fileType': form({ structure: own, documentType: 'avatar_structure' }),
      'fileType not allowed': form({ ...document, fileType: 'text/plain' }),
      'malformed structure': form({ ...document, structure: '/api/structures/abc' }),
      'malformed season': form({ ...document, season: '/api/saisons/x' }),
      'unknown season': form({ ...document, season: '/api/saisons/1800' }),
      'malformed documentType': form({ ...document, documentType: '../avatar' }),
      'unknown documentType': form({ ...document, documentType: 'inconnu' }),
      'file in another field': async () => {
        const data = new FormData();
        for (const [name, value] of Object.entries(document)) data.append(name, value);
        data.append('document', new Blob([new Uint8Array(TINY_PNG)]), 'logo.png');
        const request = new Request('http://localhost/', { method: 'POST', body: data });
        return {
          method: 'POST',
          url: '/api/files',
          headers: { 'content-type': request.headers.get('content-type') as string },
          payload: Buffer.from(await request.arrayBuffer()),
        };
      },
      'two files': async () => {
        const data = new FormData();
        for (const [name, value] of Object.entries(document)) data.append(name, value);
        data.append('file', new Blob([new Uint8Array(TINY_PNG)]), 'a.png');
        data.append('file', new Blob([new Uint8Array(TINY_PNG)]), 'b.png');
        const request = new Request('http://localhost/', { method: 'POST', body: data });
        return {
          method: 'POST',
          url: '/api/files',
          headers: { 'content-type': request.headers.get('content-type') as string },
          payload: Buffer.from(await request.arrayBuffer()),
        };
      },
    },
    'GET /api/structures/:id/avatar': badIds((id) => `/api/structures/${id}/avatar`),
    'GET /api/structures/:id/status': badIds((id) => `/api/structures/${id}/status`),
    'GET /api/structures/:id/releve-de-compte': {
      ...badIds((id) => `/api/structures/${id}/releve-de-compte`),
      ...Object.fromEntries(
        [
          '?du=01/09/2025',
          '?du=2025-02-30&au=2025-03-31',
          '?du=2026-01-02&au=2026-01-01',
          '?du=2015-01-01&au=2026-01-01',
          '?du=9999-01-01&au=9999-12-31',
          '?du=0000-01-01&au=0000-12-31',
          '?format=csv',
          '?structureId=abc',
        ].map((query) => [
          `query "${query}"`,
          () => ({ method: 'GET' as const, url: `/api/structures/1/releve-de-compte${query}` }),
        ]),
      ),
    },
    'GET /api/structures/:id/situation': {
      ...badIds((id) => `/api/structures/${id}/situation`),
      ...queries('/api/structures/1/situation', ['?structureId=abc', '?structureId=2%5E40']),
    },
    // R-UI-20: the search, filters, sort and page of Impayés.
    'GET /api/impayes': queries('/api/impayes', [
      '?format=pdf',
      '?tri=nom',
      '?ordre=haut',
      '?structureId=abc',
      `?recherche=${'x'.repeat(101)}`,
      '?type=8',
      '?type=club',
      '?type=1&type=4',
      '?ligueId=0',
      '?comiteId=abc',
      '?ligueId=2147483648',
      '?montantMin=-5',
      '?montantMin=1.5',
      '?montantMin=1e3',
      '?anciennete=120',
      '?relance=peut-etre',
      '?page=0',
      '?page=abc',
      '?parPage=1000',
      '?parPage=7',
    ]),
    // R-STAT-02: impossible dates, a reversed period, malformed filters, unknown filters.
    'GET /api/statistiques': queries('/api/statistiques', STATISTICS_BAD_QUERIES),
    'GET /api/statistiques/export': queries('/api/statistiques/export', STATISTICS_BAD_QUERIES),
    'GET /api/statistiques/territoire': queries('/api/statistiques/territoire', [
      '',
      '?ligue=abc',
      '?comite=0',
      '?ligue=1&comite=2',
      '?region=1',
    ]),
    'POST /api/impayes/relances': jsonBodies('/api/impayes/relances', {
      'no structures': {},
      'empty structures': { structureIds: [] },
      'structure ids as text': { structureIds: ['12'] },
      'structure id 0': { structureIds: [0] },
      'the same structure twice': { structureIds: [12, 12] },
      'level 4': { structureIds: [12], level: 4 },
      'level as text': { structureIds: [12], level: '1' },
      // R-MAIL-08: 'Émettre et envoyer' is a boolean.
      'send flag as text': { structureIds: [12], envoyer: 'oui' },
      'unknown field': { structureIds: [12], niveau: 1 },
      'too many structures': { structureIds: Array.from({ length: 201 }, (_, i) => i + 1) },
      // R-DUE-05: the last letters the list showed, one per structure.
      'last letter id 2^40': { structureIds: [12], lastReminderIds: [2 ** 40] },
      'last letter id 0': { structureIds: [12], lastReminderIds: [0] },
      'last letter id negative': { structureIds: [12], lastReminderIds: [-3] },
      'last letter id as text': { structureIds: [12], lastReminderIds: ['7\u0000'] },
      'last letters not a list': { structureIds: [12], lastReminderIds: 7 },
      'fewer last letters than structures': { structureIds: [12, 13], lastReminderIds: [null] },
      'more last letters than structures': { structureIds: [12], lastReminderIds: [null, null] },
    }),
    'POST /api/releves-de-compte/lots': jsonBodies('/api/releves-de-compte/lots', {
      'no structures': {},
      'empty structures': { structureIds: [] },
      'structure ids as text': { structureIds: ['12'] },
      'structure id 2^40': { structureIds: [2 ** 40] },
      'the same structure twice': { structureIds: [12, 12] },
      'too many structures': { structureIds: Array.from({ length: 2_001 }, (_, i) => i + 1) },
      'one date only': { structureIds: [12], du: '2026-01-01' },
      'impossible day': { structureIds: [12], du: '2026-02-30', au: '2026-03-01' },
      'day as a number': { structureIds: [12], du: 20260101, au: 20260131 },
      'season 0': { structureIds: [12], saison: 0 },
      'unknown field': { structureIds: [12], format: 'pdf' },
    }),
    'GET /api/impayes/relances/:id/lettre.pdf': badIds((id) => `/api/impayes/relances/${id}/lettre.pdf`),
    'GET /api/impayes/relances.zip': queries('/api/impayes/relances.zip', [
      '',
      '?ids=',
      '?ids=a',
      '?ids=1;2',
      '?ids=1,,2',
      `?ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(',')}`,
    ]),
    'GET /api/structures/:id/releves-de-compte': badIds((id) => `/api/structures/${id}/releves-de-compte`),
    'GET /api/releves-de-compte/:id': {
      ...badIds((id) => `/api/releves-de-compte/${id}`),
      ...Object.fromEntries(
        ['?format=json', '?format=', '?download=oui'].map((query) => [
          `query "${query}"`,
          () => ({ method: 'GET' as const, url: `/api/releves-de-compte/1${query}` }),
        ]),
      ),
    },
    'GET /api/structure_ribs/structure/:id': badIds((id) => `/api/structure_ribs/structure/${id}`),
    'GET /api/files/structure_document/:id': badIds((id) => `/api/files/structure_document/${id}`),
    'GET /api/exports/sepa/prelevements/preview': Object.fromEntries(
      [
        '',
        '?dateEcheance=demain',
        '?dateEcheance=2099-02-30',
        '?dateEcheance=2099-01-02&saison=x',
        '?dateEcheance=2099-01-02&categories=5;4',
      ].map((query) => [
        `query "${query}"`,
        () => ({ method: 'GET' as const, url: `/api/exports/sepa/prelevements/preview${query}` }),
      ]),
    ),
    'POST /api/exports/sepa/prelevements': jsonBodies('/api/exports/sepa/prelevements', {
      'missing date': {},
      'date as number': { dateEcheance: 20990102 },
      'unknown version': { dateEcheance: '2099-01-02', version: 'pain.008.001.99' },
      'categories not a list': { dateEcheance: '2099-01-02', categories: 5 },
      'season as text': { dateEcheance: '2099-01-02', saison: '2026' },
    }),
    // R-UI-20: the SEPA history's page and sort.
    'GET /api/exports/sepa/batches': {
      'limit abc': () => ({ method: 'GET', url: '/api/exports/sepa/batches?limit=abc' }),
      'limit 0': () => ({ method: 'GET', url: '/api/exports/sepa/batches?limit=0' }),
      ...queries('/api/exports/sepa/batches', [
        '?limit=201',
        '?page=0',
        '?page=abc',
        '?page=-1',
        '?tri=taille',
        '?tri=',
        '?ordre=haut',
        '?ordre=DESC',
      ]),
    },
    'GET /api/exports/sepa/calendar': {
      'malformed structureId': () => ({ method: 'GET', url: '/api/exports/sepa/calendar?structureId=abc' }),
    },
    'GET /api/exports/sepa/batches/:id/file': badIds((id) => `/api/exports/sepa/batches/${id}/file`),
    'POST /api/exports/sepa/batches/:id/cancel': badIds((id) => `/api/exports/sepa/batches/${id}/cancel`, 'POST'),
    // The bank's report is the raw XML body: anything else is refused before the module is checked.
    ...Object.fromEntries(
      ['/api/exports/sepa/retours', '/api/exports/sepa/retours/preview'].map((url) => [
        `POST ${url}`,
        {
          'no body': () => ({ method: 'POST', url, headers: { 'content-type': 'application/xml' } }),
          'JSON instead of the XML file': () => ({
            method: 'POST',
            url,
            headers: JSON_HEADERS,
            payload: JSON.stringify({ fichier: 'retour.xml' }),
          }),
          // R-RET-05: the confirmation is 'true' or 'false', nothing else, checked before the file.
          ...(url === '/api/exports/sepa/retours'
            ? Object.fromEntries(
                ['1', 'TRUE', 'oui', 'true%00', 'true&confirmerAnomalies=false'].map((value) => [
                  `confirmerAnomalies=${value}`,
                  () => ({
                    method: 'POST' as const,
                    url: `${url}?confirmerAnomalies=${value}`,
                    headers: { 'content-type': 'application/xml' },
                    payload: '<?xml version="1.0"?><Document/>',
                  }),
                ]),
              )
            : {}),
        } satisfies Record<string, BadRequest>,
      ]),
    ),
    // R-RET-06: the selection to relaunch is checked before the grant.
    'POST /api/exports/sepa/retours/relance': jsonBodies('/api/exports/sepa/retours/relance', {
      'missing ids': {},
      'ids not a list': { ids: 5 },
      'empty list': { ids: [] },
      'id as text': { ids: ['12'] },
      'negative id': { ids: [-1] },
      'id 0': { ids: [0] },
      'id 2^40': { ids: [2 ** 40] },
      'id 2^31': { ids: [2 ** 31] },
      'fractional id': { ids: [1.5] },
      'null id': { ids: [1, null] },
      'NUL in an id': { ids: ['1\u0000'] },
      'unknown field': { ids: [1], tous: true },
      'more than a batch holds': { ids: Array.from({ length: 5001 }, (_, i) => i + 1) },
    }),
    ...bankStatementCases(),
    ...accountingCases(),
    ...invoicingCases(context),
    ...mailCases(),
    ...payoutCases(),
    ...recapCases(context),
  };
}

/** R-INV-01 to R-INV-09: 'Création factures' (input is checked before the module and the scope). */
function invoicingCases(context: RestContext): Record<string, Record<string, BadRequest>> {
  const base = '/api/creation-factures';
  const line = { libelle: 'Stage', tarifId: null, prixUnitaireCentimes: 4_500, quantite: 1 };
  const invoice = { libelle: 'Stage', categorie: 4, echeance: '2026-01-15', note: '', lignes: [line] };
  const draft = { structureId: context.clubId, ...invoice };
  const invoiceBodies = (extra: Record<string, unknown>) => ({
    'missing fields': {},
    'amount in euros': { ...extra, lignes: [{ ...line, prixUnitaireCentimes: 45.5 }] },
    'amount as text': { ...extra, lignes: [{ ...line, prixUnitaireCentimes: '4500' }] },
    'amount 0': { ...extra, lignes: [{ ...line, prixUnitaireCentimes: 0 }] },
    'amount 2^53': { ...extra, lignes: [{ ...line, prixUnitaireCentimes: 2 ** 53 }] },
    'negative quantity': { ...extra, lignes: [{ ...line, quantite: -1 }] },
    'fractional quantity': { ...extra, lignes: [{ ...line, quantite: 1.5 }] },
    'quantity 10 001': { ...extra, lignes: [{ ...line, quantite: 10_001 }] },
    'no line': { ...extra, lignes: [] },
    '101 lines': { ...extra, lignes: Array.from({ length: 101 }, () => line) },
    'category 6': { ...extra, categorie: 6 },
    'category as text': { ...extra, categorie: '4' },
    'due date JJ/MM/AAAA': { ...extra, echeance: '15/01/2026' },
    'label too long': { ...extra, libelle: 'x'.repeat(256) },
    'note too long': { ...extra, note: 'x'.repeat(1_001) },
    'tarif id as text': { ...extra, lignes: [{ ...line, tarifId: '3' }] },
    'tarif id 2^31': { ...extra, lignes: [{ ...line, tarifId: 2 ** 31 }] },
    'unknown field': { ...extra, admin: true },
  });
  const ids = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: (id: string) => string, payload?: object) =>
    Object.fromEntries(
      ['abc', '0', '-1', '1.5', '2147483648'].map((id) => [
        `id ${id}`,
        () => ({ method, url: url(id), ...(payload ? { payload } : {}) }),
      ]),
    ) as Record<string, BadRequest>;
  const put = (label: string, payload: unknown): [string, BadRequest] => [
    label,
    () => ({ method: 'PUT', url: `${base}/brouillons/1`, payload: payload as object }),
  ];
  const selection = { typeStructure: 1 };
  return {
    [`GET ${base}/tarifs`]: queries(`${base}/tarifs`, ['?structureId=abc', '?structureId=-1']),
    [`GET ${base}/brouillons`]: queries(`${base}/brouillons`, ['?structureId=abc', '?structureId=-1']),
    [`POST ${base}/brouillons`]: jsonBodies(`${base}/brouillons`, {
      ...invoiceBodies(draft),
      'missing structure': invoice,
      'structure as path': { ...draft, structureId: `/api/structures/${context.clubId}` },
      'structure 0': { ...draft, structureId: 0 },
    }),
    [`GET ${base}/brouillons/:id`]: ids('GET', (id) => `${base}/brouillons/${id}`),
    [`PUT ${base}/brouillons/:id`]: {
      ...ids('PUT', (id) => `${base}/brouillons/${id}`, { ...draft, version: 1 }),
      ...Object.fromEntries(
        Object.entries(invoiceBodies({ ...draft, version: 1 })).map(([label, body]) => put(label, body)),
      ),
      ...Object.fromEntries([put('missing version', draft), put('version 0', { ...draft, version: 0 })]),
    },
    [`DELETE ${base}/brouillons/:id`]: {
      ...ids('DELETE', (id) => `${base}/brouillons/${id}?version=1`),
      'missing version': () => ({ method: 'DELETE', url: `${base}/brouillons/1` }),
      'version abc': () => ({ method: 'DELETE', url: `${base}/brouillons/1?version=abc` }),
      'version 0': () => ({ method: 'DELETE', url: `${base}/brouillons/1?version=0` }),
      'unknown parameter': () => ({ method: 'DELETE', url: `${base}/brouillons/1?version=1&force=1` }),
    },
    [`GET ${base}/brouillons/:id/apercu.pdf`]: ids('GET', (id) => `${base}/brouillons/${id}/apercu.pdf`),
    [`POST ${base}/brouillons/:id/emission`]: {
      ...ids('POST', (id) => `${base}/brouillons/${id}/emission`, { version: 1 }),
      ...jsonBodies(`${base}/brouillons/1/emission`, {
        'missing version': {},
        'version as text': { version: '1' },
        'version 0': { version: 0 },
        'unknown field': { version: 1, force: true },
        // R-MAIL-09: 'Émettre et envoyer' is a boolean.
        'send flag as text': { version: 1, envoyer: 'oui' },
        'send flag as number': { version: 1, envoyer: 1 },
      }),
    },
    [`POST ${base}/avoirs`]: jsonBodies(`${base}/avoirs`, {
      'missing fields': {},
      'unknown mode': { factureId: 1, mode: 'partiel' },
      'invoice id as text': { factureId: '1', mode: 'total' },
      'invoice id 0': { factureId: 0, mode: 'total' },
      'lines missing': { factureId: 1, mode: 'lignes' },
      'no line': { factureId: 1, mode: 'lignes', lignes: [] },
      'rank 0': { factureId: 1, mode: 'lignes', lignes: [{ rang: 0, quantite: 1 }] },
      'quantity 0': { factureId: 1, mode: 'lignes', lignes: [{ rang: 1, quantite: 0 }] },
      'amount given': { factureId: 1, mode: 'total', montant: 100 },
    }),
    [`POST ${base}/lots/apercu`]: jsonBodies(`${base}/lots/apercu`, {
      ...invoiceBodies({ ...invoice, selection }),
      'no criterion': { ...invoice, selection: {} },
      'structure list empty': { ...invoice, selection: { structureIds: [] } },
      'structure twice': { ...invoice, selection: { structureIds: [4, 4] } },
      'unknown affiliation': { ...invoice, selection: { affiliation: 'oui' } },
    }),
    [`POST ${base}/lots`]: jsonBodies(`${base}/lots`, {
      ...invoiceBodies({ ...invoice, selection, cle: 'lot-2026-01' }),
      'missing key': { ...invoice, selection },
      'key too short': { ...invoice, selection, cle: 'x' },
      'key with spaces': { ...invoice, selection, cle: 'lot de janvier' },
      'no criterion': { ...invoice, selection: {}, cle: 'lot-2026-01' },
    }),
    [`GET ${base}/lots/:id`]: ids('GET', (id) => `${base}/lots/${id}`),
  };
}

/** R-BANK-01 to R-BANK-05: bank statements and reconciliation (input is checked before the module). */
function bankStatementCases(): Record<string, Record<string, BadRequest>> {
  const base = '/api/exports/sepa/releves';
  const malformedStructure = (url: string): Record<string, BadRequest> => ({
    'malformed structureId': () => ({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}structureId=abc` }),
  });
  const part = { ID_FluxFinancier: 1, montantCents: 100 };
  return {
    [`POST ${base}`]: {
      'no body': () => ({ method: 'POST', url: base, headers: { 'content-type': 'application/xml' } }),
      'JSON instead of the statement file': () => ({
        method: 'POST',
        url: base,
        headers: JSON_HEADERS,
        payload: JSON.stringify({ fichier: 'releve.xml' }),
      }),
    },
    [`GET ${base}`]: malformedStructure(base),
    [`GET ${base}/flux-ouverts`]: malformedStructure(`${base}/flux-ouverts?q=club`),
    [`GET ${base}/:id/ecritures`]: {
      ...badIds((id) => `${base}/${id}/ecritures`),
      'unknown filter': () => ({ method: 'GET', url: `${base}/1/ecritures?filtre=payees` }),
      'page 0': () => ({ method: 'GET', url: `${base}/1/ecritures?page=0` }),
      'size abc': () => ({ method: 'GET', url: `${base}/1/ecritures?taille=abc` }),
    },
    [`POST ${base}/ecritures/:id/rapprochement`]: {
      ...badIds((id) => `${base}/ecritures/${id}/rapprochement`, 'POST'),
      ...jsonBodies(`${base}/ecritures/1/rapprochement`, {
        'no parts': { parts: [] },
        'amount in euros': { parts: [{ ...part, montantCents: 1.5 }] },
        'negative amount': { parts: [{ ...part, montantCents: -100 }] },
        'flux as text': { parts: [{ ...part, ID_FluxFinancier: '1' }] },
        'parts not a list': { parts: part },
      }),
    },
    [`DELETE ${base}/ecritures/:id/rapprochement`]: Object.fromEntries(
      ['abc', '0', '-1', '1.5', '2147483648'].map((id) => [
        `id ${id}`,
        () => ({ method: 'DELETE' as const, url: `${base}/ecritures/${id}/rapprochement` }),
      ]),
    ),
  };
}

/** R-LEDG-01 to R-LEDG-04: SAGE/FEC exports and Paramétrages comptables (input is checked before the module). */
function accountingCases(): Record<string, Record<string, BadRequest>> {
  const periods = (url: string): Record<string, BadRequest> =>
    Object.fromEntries(
      Object.entries({
        'no period': '',
        'malformed date': 'from=01/01/2030&to=2030-01-31',
        'impossible date': 'from=2030-02-30&to=2030-03-01',
        'reversed period': 'from=2030-02-01&to=2030-01-01',
        'unknown format': 'from=2030-01-01&to=2030-01-31&format=xls',
        'malformed journals': 'from=2030-01-01&to=2030-01-31&journaux=ve;ac',
        'malformed structureId': 'from=2030-01-01&to=2030-01-31&structureId=abc',
      }).map(([label, query]) => [label, () => ({ method: 'GET' as const, url: `${url}?${query}` })]),
    );
  const base = '/api/parametrages-comptables';
  const compte = { Numero: '606400', Libelle: 'Test' };
  const bodies = (method: 'POST' | 'PUT', url: string): Record<string, BadRequest> => ({
    'unknown resource': () => ({ method, url: url.replace('comptes', 'inconnus'), payload: compte }),
    'no body': () => ({ method, url }),
    'JSON array': () => ({ method, url, payload: '[]', headers: JSON_HEADERS }),
    'account class 8': () => ({ method, url, payload: { ...compte, Numero: '806400' } }),
    'empty label': () => ({ method, url, payload: { ...compte, Libelle: ' ' } }),
    'extra field': () => ({ method, url, payload: { ...compte, ID_Structure: 1 } }),
    'mapping without target': () => ({
      method,
      url: url.replace('comptes', 'mappings-flux'),
      payload: { CompteNumero: '706000', JournalCode: 'VE' },
    }),
  });
  const ids = (method: 'PUT' | 'DELETE'): Record<string, BadRequest> =>
    Object.fromEntries(
      ['abc', '0', '-1', '1.5', '2147483648'].map((id) => [
        `id ${id}`,
        () => ({ method, url: `${base}/comptes/${id}`, payload: method === 'PUT' ? compte : undefined }),
      ]),
    );
  const badStructure = (url: string): Record<string, BadRequest> => ({
    'malformed structureId': () => ({ method: 'GET', url: `${url}?structureId=abc` }),
  });
  return {
    'GET /api/exports/sage': periods('/api/exports/sage'),
    'GET /api/exports/fec': Object.fromEntries(
      Object.entries({
        'no fiscal year': '',
        'malformed fiscal year': 'exercice=abc',
        'fiscal year 0': 'exercice=0',
        'fiscal year out of range': 'exercice=99999999999',
        'malformed structureId': 'exercice=1&structureId=abc',
      }).map(([label, query]) => [label, () => ({ method: 'GET' as const, url: `/api/exports/fec?${query}` })]),
    ),
    'GET /api/parametrages-comptables/exercices': badStructure(`${base}/exercices`),
    'PUT /api/parametrages-comptables/exercices': {
      'no body': () => ({ method: 'PUT', url: `${base}/exercices` }),
      'month 13': () => ({ method: 'PUT', url: `${base}/exercices`, payload: { moisDebut: 13 } }),
      'month as text': () => ({ method: 'PUT', url: `${base}/exercices`, payload: { moisDebut: '9' } }),
      'extra field': () => ({ method: 'PUT', url: `${base}/exercices`, payload: { moisDebut: 9, ID_Structure: 1 } }),
    },
    'POST /api/parametrages-comptables/exercices/:id/validation': {
      'id abc': () => ({ method: 'POST', url: `${base}/exercices/abc/validation`, payload: { jusquau: '2026-10-01' } }),
      'id 0': () => ({ method: 'POST', url: `${base}/exercices/0/validation`, payload: { jusquau: '2026-10-01' } }),
      'no body': () => ({ method: 'POST', url: `${base}/exercices/1/validation` }),
      'impossible date': () => ({
        method: 'POST',
        url: `${base}/exercices/1/validation`,
        payload: { jusquau: '2026-02-30' },
      }),
      'French date': () => ({
        method: 'POST',
        url: `${base}/exercices/1/validation`,
        payload: { jusquau: '01/10/2026' },
      }),
      'extra field': () => ({
        method: 'POST',
        url: `${base}/exercices/1/validation`,
        payload: { jusquau: '2026-10-01', Numero: 1 },
      }),
    },
    'POST /api/parametrages-comptables/exercices/:id/cloture': {
      'id abc': () => ({ method: 'POST', url: `${base}/exercices/abc/cloture` }),
      'id -1': () => ({ method: 'POST', url: `${base}/exercices/-1/cloture` }),
    },
    'GET /api/exports/sage/historique': badStructure('/api/exports/sage/historique'),
    'GET /api/exports/sage/historique/:id/fichier': {
      'id abc': () => ({ method: 'GET', url: '/api/exports/sage/historique/abc/fichier' }),
      'id 1.5': () => ({ method: 'GET', url: '/api/exports/sage/historique/1.5/fichier' }),
    },
    'GET /api/exports/sage/preview': periods('/api/exports/sage/preview'),
    'GET /api/parametrages-comptables/references': badStructure(`${base}/references`),
    'GET /api/parametrages-comptables/parametres': badStructure(`${base}/parametres`),
    'PUT /api/parametrages-comptables/parametres': {
      'no body': () => ({ method: 'PUT', url: `${base}/parametres` }),
      'both rules': () => ({
        method: 'PUT',
        url: `${base}/parametres`,
        payload: {
          CompteCollectif: '411000',
          TiersPrefixe: '411',
          TiersCompteFixe: '401FFME',
          TiersLibelleFixe: null,
          SIREN: null,
        },
      }),
      'malformed SIREN': () => ({
        method: 'PUT',
        url: `${base}/parametres`,
        payload: {
          CompteCollectif: '411000',
          TiersPrefixe: '411',
          TiersCompteFixe: null,
          TiersLibelleFixe: null,
          SIREN: '12',
        },
      }),
    },
    'GET /api/parametrages-comptables/:resource': {
      'unknown resource': () => ({ method: 'GET', url: `${base}/inconnus` }),
      'upper case resource': () => ({ method: 'GET', url: `${base}/COMPTES` }),
    },
    'POST /api/parametrages-comptables/:resource': bodies('POST', `${base}/comptes`),
    'PUT /api/parametrages-comptables/:resource/:id': { ...bodies('PUT', `${base}/comptes/1`), ...ids('PUT') },
    'DELETE /api/parametrages-comptables/:resource/:id': ids('DELETE'),
  };
}

/** R-MAIL-03, R-MAIL-07, R-MAIL-08: e-mail delivery and the billing address (input is checked before the grant). */
/** R-PAY-01, R-PAY-05: the shares' rules and the payout files. */
function payoutCases(): Record<string, Record<string, BadRequest>> {
  const rules = '/api/quotes-parts/regles';
  const payouts = '/api/exports/sepa/virements';
  const rule = { categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 1_000, saisonDebut: 2026 };
  const putRule =
    (payload: unknown): BadRequest =>
    () => ({ method: 'PUT', url: rules, payload: payload as object });
  return {
    [`GET ${rules}`]: queries(rules, ['?structureId=abc']),
    [`PUT ${rules}`]: {
      'missing fields': putRule({}),
      'both category and tarif': putRule({ ...rule, tarif: 1 }),
      'neither category nor tarif': putRule({ ...rule, categorie: undefined }),
      'negative value': putRule({ ...rule, valeur: -1 }),
      'fractional value': putRule({ ...rule, valeur: 10.5 }),
      'value as text': putRule({ ...rule, valeur: '1000' }),
      'unknown level': putRule({ ...rule, niveau: 'region' }),
      'unknown mode': putRule({ ...rule, mode: 'forfait' }),
      'season out of range': putRule({ ...rule, saisonDebut: 1 }),
      'unknown field': putRule({ ...rule, force: true }),
    },
    'GET /api/structures/:id/quotes-parts': {
      ...badIds((id) => `/api/structures/${id}/quotes-parts`),
      ...queries('/api/structures/1/quotes-parts', [
        '?du=2026-13-01',
        '?du=2026-09-01&au=2026-01-01',
        '?depuis=2026-01-01',
      ]),
    },
    [`GET ${payouts}/apercu`]: queries(`${payouts}/apercu`, [
      '?au=demain',
      '?au=2026-02-30',
      '?remboursements=peut-etre',
      '?x=1',
    ]),
    [`POST ${payouts}`]: jsonBodies(payouts, {
      'missing execution day': {},
      'execution day as a French date': { dateExecution: '01/12/2026' },
      'impossible day': { dateExecution: '2026-02-30' },
      'no structure': { dateExecution: '2026-12-01', structures: [] },
      'structure 0': { dateExecution: '2026-12-01', structures: [0] },
      'unknown version': { dateExecution: '2026-12-01', version: 'pain.001.001.99' },
      'refunds as text': { dateExecution: '2026-12-01', remboursements: 'oui' },
      'unknown field': { dateExecution: '2026-12-01', montant: 1 },
    }),
    [`GET ${payouts}`]: queries(payouts, ['?limit=0', '?limit=201', '?offset=-1', '?limit=abc', '?page=1']),
    [`GET ${payouts}/:id/fichier`]: badIds((id) => `${payouts}/${id}/fichier`),
    [`POST ${payouts}/:id/annulation`]: badIds((id) => `${payouts}/${id}/annulation`, 'POST'),
    // R-PAY-09: the relevé de reversements, with the relevé de compte's query.
    'GET /api/structures/:id/releve-de-reversements': {
      ...badIds((id) => `/api/structures/${id}/releve-de-reversements`),
      ...queries('/api/structures/1/releve-de-reversements', [
        '?du=01/09/2025',
        '?du=2025-02-30&au=2025-03-31',
        '?du=2026-01-02&au=2026-01-01',
        '?du=2015-01-01&au=2026-01-01',
        '?du=9999-01-01&au=9999-12-31',
        '?format=csv',
        '?saison=abc',
      ]),
    },
    'GET /api/structures/:id/releves-de-reversements': badIds((id) => `/api/structures/${id}/releves-de-reversements`),
    'GET /api/releves-de-reversements/:id': {
      ...badIds((id) => `/api/releves-de-reversements/${id}`),
      ...queries('/api/releves-de-reversements/1', ['?format=json', '?format=', '?download=oui']),
    },
  };
}

/** R-RECAP-02, R-RECAP-04, R-RECAP-07: the 'Récapitulatif mensuel' routes (a month not over: monthly-recap.test.ts). */
function recapCases(context: RestContext): Record<string, Record<string, BadRequest>> {
  const own = `/api/structures/${context.clubId}/recapitulatifs`;
  const put =
    (url: string, payload: unknown): BadRequest =>
    () => ({
      method: 'PUT',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    'GET /api/structures/:id/recapitulatifs': badIds((id) => `/api/structures/${id}/recapitulatifs`),
    'POST /api/structures/:id/recapitulatifs': {
      ...badIds((id) => `/api/structures/${id}/recapitulatifs`, 'POST'),
      ...jsonBodies(own, {
        'no month': {},
        'month as a number': { mois: 202610 },
        'month 13': { mois: '2026-13' },
        'month 00': { mois: '2026-00' },
        'French month': { mois: '10/2026' },
        'a day': { mois: '2026-10-01' },
        'unknown field': { mois: '2026-10', format: 'pdf' },
      }),
    },
    'PUT /api/structures/:id/recapitulatifs/abonnement': {
      'no body': put(`${own}/abonnement`, undefined),
      'opt-in as text': put(`${own}/abonnement`, { abonnementEmail: 'oui' }),
      'opt-in missing': put(`${own}/abonnement`, {}),
      'unknown field': put(`${own}/abonnement`, { abonnementEmail: true, email: 'x@y.fr' }),
      'id abc': put('/api/structures/abc/recapitulatifs/abonnement', { abonnementEmail: true }),
    },
    'GET /api/recapitulatifs/:id': {
      ...badIds((id) => `/api/recapitulatifs/${id}`),
      ...queries('/api/recapitulatifs/1', ['?format=json', '?format=', '?download=oui']),
    },
    'POST /api/recapitulatifs/lots': jsonBodies('/api/recapitulatifs/lots', {
      'no month': {},
      'month 13': { mois: '2026-13' },
      'unknown field': { mois: '2026-10', structures: [1] },
    }),
  };
}

function mailCases(): Record<string, Record<string, BadRequest>> {
  const send = '/api/envois-email';
  const cle = 'f3a1c2d4-0000-4000-8000-000000000001';
  const patch =
    (id: string, payload: unknown): BadRequest =>
    () => ({
      method: 'PATCH',
      url: `/api/structures/${id}/email-facturation`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    [`POST ${send}`]: jsonBodies(send, {
      'no key': { type: 'facture', id: 1 },
      'short key': { type: 'facture', id: 1, cle: 'abc' },
      'key with a line break': { type: 'facture', id: 1, cle: 'abcdefgh\r\nBcc' },
      'unknown document type': { type: 'sepa', id: 1, cle },
      'id as text': { type: 'facture', id: '1', cle },
      'id 0': { type: 'facture', id: 0, cle },
      'id too large': { type: 'facture', id: 2147483648, cle },
      'extra field': { type: 'facture', id: 1, cle, destinataire: 'x@y.fr' },
    }),
    [`GET ${send}`]: queries(send, [
      '',
      '?type=facture',
      '?type=sepa&id=1',
      '?type=facture&id=abc',
      '?type=facture&id=0',
    ]),
    [`POST ${send}/:id/renvoi`]: {
      ...badIds((id) => `${send}/${id}/renvoi`, 'POST'),
      ...jsonBodies(`${send}/1/renvoi`, { 'no key': {}, 'key as number': { cle: 12345678 } }),
    },
    [`POST ${send}/lots`]: jsonBodies(`${send}/lots`, {
      'no documents': { cle, documents: [] },
      'documents not a list': { cle, documents: { type: 'facture', id: 1 } },
      'twice the same document': {
        cle,
        documents: [
          { type: 'facture', id: 1 },
          { type: 'facture', id: 1 },
        ],
      },
      'unknown type': { cle, documents: [{ type: 'avoir', id: 1 }] },
      'no key': { documents: [{ type: 'facture', id: 1 }] },
    }),
    'GET /api/structures/:id/envois-email': badIds((id) => `/api/structures/${id}/envois-email`),
    'GET /api/structures/:id/email-facturation': badIds((id) => `/api/structures/${id}/email-facturation`),
    'PATCH /api/structures/:id/email-facturation': {
      'id abc': patch('abc', { email: null }),
      'id 0': patch('0', { email: null }),
      'no body': patch('1', undefined),
      'no email field': patch('1', {}),
      'header injection': patch('1', { email: 'a@b.fr\r\nBcc: x@y.fr' }),
      'two addresses': patch('1', { email: 'a@b.fr, c@d.fr' }),
      'not an address': patch('1', { email: 'pas-une-adresse' }),
      'invisible character': patch('1', { email: 'a\u200b@b.fr' }),
      number: patch('1', { email: 42 }),
      'too long': patch('1', { email: `${'a'.repeat(64)}@${'b'.repeat(200)}.fr` }),
      'extra field': patch('1', { email: 'a@b.fr', structure: 2 }),
    },
  };
}

describe.each(testDatabaseTargets())('bad input on $name (R-SEC-01)', (target) => {
  let context: RestContext;
  beforeAll(async () => {
    context = await openRestContext(target);
  });
  afterAll(() => closeRestContext(context));

  it('has bad-input cases for every API route', () => {
    const table = cases(context);
    const routes = coreRouteKeys(context.app);
    expect(routes.filter((route) => !table[route] || Object.keys(table[route]).length === 0)).toEqual([]);
    expect(Object.keys(table).filter((key) => !routes.includes(key))).toEqual([]);
  });

  it('answers 400 with a French message to each bad request', async () => {
    const failures: string[] = [];
    let requestsSent = 0;
    for (const [route, requests] of Object.entries(cases(context))) {
      for (const [label, build] of Object.entries(requests)) {
        const options = await build(context);
        requestsSent += 1;
        const response = await context.app.inject({
          ...options,
          headers: { ...options.headers, ...bearer(context.tokens.club) },
        });
        const message = String(response.headers['content-type'] ?? '').includes('json')
          ? (response.json() as { message?: unknown }).message
          : undefined;
        if (response.statusCode !== 400 || typeof message !== 'string' || !/invalide|inconnu/i.test(message)) {
          failures.push(`${route} — ${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    reportRobustness({
      check: 'requêtes invalides (400 et message)',
      target: target.name,
      cases: requestsSent,
      failures: failures.length,
    });
  });
});
