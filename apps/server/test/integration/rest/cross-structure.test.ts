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
import { reportRobustness } from '../support/robustness-report';

/**
 * R-SCOPE-06: for every REST route, club@demo.fr cannot read or change another
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

/** R-LEDG-01 to R-LEDG-04: exports (club allowed) and settings (club administrators lack the modules: 403 on their own too). */
const exportCase = (url: string): RouteCase => ({
  kind: 'scoped',
  request: (id) => json('GET', `${url}?from=2030-01-01&to=2030-01-31&structureId=${id}`),
  ownStatus: 200,
  deniedStatus: 403,
});
const settingsCase = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): RouteCase => ({
  kind: 'scoped',
  request: (id) => ({ method, url: `/api/parametrages-comptables${url}?structureId=${id}`, payload }),
  ownStatus: 403,
  deniedStatus: 403,
});
/** The club's current fiscal year id, as the club reads it. */
async function clubFiscalYear(context: RestContext): Promise<number> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/parametrages-comptables/exercices',
    headers: bearer(context.tokens.club),
  });
  return (response.json() as { exercices: Array<{ id: number }> }).exercices.at(-1)!.id;
}

/** A file the club produced (its export history's latest). */
async function clubExportFile(context: RestContext): Promise<number> {
  const headers = bearer(context.tokens.club);
  await context.app.inject({ method: 'GET', url: '/api/exports/sage?from=2030-01-01&to=2030-01-31', headers });
  const history = await context.app.inject({ method: 'GET', url: '/api/exports/sage/historique', headers });
  return (history.json() as { fichiers: Array<{ id: number }> }).fichiers[0]!.id;
}

const ACCOUNTING_CASES: Record<string, RouteCase> = {
  'GET /api/exports/sage': exportCase('/api/exports/sage'),
  'GET /api/exports/fec': {
    kind: 'scoped',
    // R-LEDG-06: one fiscal year of the club's own books (the other club's request is refused first).
    request: async (id, context) =>
      json('GET', `/api/exports/fec?exercice=${await clubFiscalYear(context)}&structureId=${id}`),
    ownStatus: 200,
    deniedStatus: 403,
  },
  'GET /api/parametrages-comptables/exercices': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/parametrages-comptables/exercices?structureId=${id}`),
    ownStatus: 200,
    deniedStatus: 403,
  },
  // The club's administrator neither sets its fiscal year nor validates (head office grants).
  'PUT /api/parametrages-comptables/exercices': settingsCase('PUT', '/exercices', { moisDebut: 9 }),
  'POST /api/parametrages-comptables/exercices/:id/validation': settingsCase('POST', '/exercices/1/validation', {
    jusquau: '2026-10-01',
  }),
  'POST /api/parametrages-comptables/exercices/:id/cloture': settingsCase('POST', '/exercices/1/cloture'),
  'GET /api/exports/sage/historique': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/exports/sage/historique?structureId=${id}`),
    ownStatus: 200,
    deniedStatus: 403,
  },
  'GET /api/exports/sage/historique/:id/fichier': {
    kind: 'scoped',
    request: async (id, context) =>
      json('GET', `/api/exports/sage/historique/${await clubExportFile(context)}/fichier?structureId=${id}`),
    ownStatus: 200,
    deniedStatus: 403,
  },
  'GET /api/exports/sage/preview': exportCase('/api/exports/sage/preview'),
  'GET /api/parametrages-comptables/references': settingsCase('GET', '/references'),
  'GET /api/parametrages-comptables/parametres': settingsCase('GET', '/parametres'),
  'PUT /api/parametrages-comptables/parametres': settingsCase('PUT', '/parametres', {
    CompteCollectif: '401000',
    TiersPrefixe: null,
    TiersCompteFixe: '401FFME',
    TiersLibelleFixe: null,
    SIREN: null,
  }),
  'GET /api/parametrages-comptables/:resource': settingsCase('GET', '/comptes'),
  'POST /api/parametrages-comptables/:resource': settingsCase('POST', '/comptes', {
    Numero: '606400',
    Libelle: 'Test',
  }),
  'PUT /api/parametrages-comptables/:resource/:id': settingsCase('PUT', '/comptes/1', {
    Numero: '606400',
    Libelle: 'Test',
  }),
  'DELETE /api/parametrages-comptables/:resource/:id': settingsCase('DELETE', '/comptes/1'),
};

/** Impayés are the head office's, ligues' and comités': a club is refused for itself as for another club. */
const clubRefused = (request: RequestFor): RouteCase => ({
  kind: 'scoped',
  request,
  ownStatus: 403,
  deniedStatus: 403,
});
const IMPAYES_CASES: Record<string, RouteCase> = {
  'GET /api/impayes': clubRefused((id) => json('GET', `/api/impayes?format=xlsx&structureId=${id}`)),
  'POST /api/impayes/relances': clubRefused((id) => json('POST', '/api/impayes/relances', { structureIds: [id] })),
  'GET /api/impayes/relances/:id/lettre.pdf': clubRefused((id) =>
    json('GET', `/api/impayes/relances/${id}/lettre.pdf`),
  ),
  'GET /api/impayes/relances.zip': clubRefused((id) => json('GET', `/api/impayes/relances.zip?ids=${id}`)),
  // R-STAT-01: 'Etats statistiques' are the head office's, ligues' and comités': a club is refused for itself too.
  'GET /api/statistiques': clubRefused((id) => json('GET', `/api/statistiques?structureId=${id}`)),
  'GET /api/statistiques/export': clubRefused((id) => json('GET', `/api/statistiques/export?structureId=${id}`)),
  'GET /api/statistiques/territoire': clubRefused((id) =>
    json('GET', `/api/statistiques/territoire?ligue=1&structureId=${id}`),
  ),
  // R-JOB-06: relevés in volume are for structures that follow others; a club is refused for itself too.
  'POST /api/releves-de-compte/lots': clubRefused((id) =>
    json('POST', '/api/releves-de-compte/lots', { structureIds: [id] }),
  ),
};

/** A flux of the structure (the first one). */
async function firstFlux(context: RestContext, structureId: number): Promise<number> {
  const [row] = await context.database.query<{ id: number }>(
    `SELECT min(id)::int AS id FROM "MKP_FluxFinancier" WHERE "ID_Structure" = $1`,
    [structureId],
  );
  return row!.id;
}

/** A delivery of the structure's first flux, written as the log would hold it. */
async function deliveryOf(context: RestContext, structureId: number): Promise<number> {
  const [row] = await context.database.query<{ id: number }>(
    `INSERT INTO "MEL_Envoi" ("ID_Structure", "TypeDocument", "ID_FluxFinancier", "Destinataire", "Objet", "Statut", "CleDemande")
     VALUES ($1, 'facture', $2, 'compta@club.test', 'Facture', 'envoye', $3) RETURNING id`,
    [structureId, await firstFlux(context, structureId), `croise-${structureId}-${Date.now()}-${Math.random()}`],
  );
  return row!.id;
}

/**
 * R-MAIL-05, R-MAIL-07: a club reads its own documents' delivery logs and whom they go to, never
 * another's (404); it holds no write grant of the flux, the letters or the settings, so sending
 * and changing the billing address are refused even for itself (403).
 */
const MAIL_CASES: Record<string, RouteCase> = {
  'POST /api/envois-email': {
    kind: 'scoped',
    request: async (id, context) =>
      json('POST', '/api/envois-email', {
        type: 'facture',
        id: await firstFlux(context, id),
        cle: `croise-${id}-envoi`,
      }),
    ownStatus: 403,
    deniedStatus: 403,
  },
  'GET /api/envois-email': {
    kind: 'scoped',
    request: async (id, context) => json('GET', `/api/envois-email?type=facture&id=${await firstFlux(context, id)}`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  'POST /api/envois-email/:id/renvoi': {
    kind: 'scoped',
    request: async (id, context) =>
      json('POST', `/api/envois-email/${await deliveryOf(context, id)}/renvoi`, { cle: `croise-${id}-renvoi` }),
    ownStatus: 403,
    deniedStatus: 404,
  },
  'POST /api/envois-email/lots': {
    kind: 'scoped',
    request: async (id, context) =>
      json('POST', '/api/envois-email/lots', {
        cle: `croise-${id}-lot`,
        documents: [{ type: 'facture', id: await firstFlux(context, id) }],
      }),
    ownStatus: 403,
    deniedStatus: 403,
  },
  'GET /api/structures/:id/envois-email': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structures/${id}/envois-email`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  'GET /api/structures/:id/email-facturation': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structures/${id}/email-facturation`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  'PATCH /api/structures/:id/email-facturation': {
    kind: 'scoped',
    request: (id) => ({
      method: 'PATCH',
      url: `/api/structures/${id}/email-facturation`,
      payload: { email: 'x@club.test' },
    }),
    ownStatus: 403,
    deniedStatus: 403,
  },
};

/** A structure's 'Récapitulatif mensuel' of October 2026, issued by the head office (R-RECAP-04). */
async function recapOf(context: RestContext, structureId: number): Promise<number> {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/structures/${structureId}/recapitulatifs`,
    payload: { mois: '2026-10' },
    headers: bearer(context.tokens.siege),
  });
  return (response.json() as { id: number }).id;
}

/**
 * R-RECAP-04, R-RECAP-07, R-RECAP-08: a club reads its own recaps, never another's (404); it
 * holds no write grant of the module, so issuing and the opt-in are refused even for itself.
 */
const RECAP_CASES: Record<string, RouteCase> = {
  'GET /api/structures/:id/recapitulatifs': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structures/${id}/recapitulatifs`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  'POST /api/structures/:id/recapitulatifs': clubRefused((id) =>
    json('POST', `/api/structures/${id}/recapitulatifs`, { mois: '2026-10' }),
  ),
  'PUT /api/structures/:id/recapitulatifs/abonnement': clubRefused((id) => ({
    method: 'PUT',
    url: `/api/structures/${id}/recapitulatifs/abonnement`,
    payload: { abonnementEmail: true },
  })),
  'GET /api/recapitulatifs/:id': {
    kind: 'scoped',
    request: async (id, context) => json('GET', `/api/recapitulatifs/${await recapOf(context, id)}?format=pdf`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  'POST /api/recapitulatifs/lots': clubRefused(() => json('POST', '/api/recapitulatifs/lots', { mois: '2026-10' })),
};

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
  // R-STMT-03: a club never gets another club's relevé de compte, in any format.
  'GET /api/structures/:id/releve-de-compte': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structures/${id}/releve-de-compte?format=pdf`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  // R-BAL-01: a club reads its own 'Situation de la structure', never another's.
  'GET /api/structures/:id/situation': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structures/${id}/situation`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  'GET /api/structures/:id/releves-de-compte': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structures/${id}/releves-de-compte`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  // An issued statement of each club, issued by the head office: the club reads only its own.
  'GET /api/releves-de-compte/:id': {
    kind: 'scoped',
    request: async (id, context) => {
      const issued = await context.app.inject({
        method: 'GET',
        url: `/api/structures/${id}/releve-de-compte?format=pdf`,
        headers: bearer(context.tokens.siege),
      });
      return json('GET', `/api/releves-de-compte/${issued.headers['x-releve-id']}?format=pdf`);
    },
    ownStatus: 200,
    deniedStatus: 404,
  },
  'GET /api/structure_ribs/structure/:id': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structure_ribs/structure/${id}`),
    ownStatus: 200,
    deniedStatus: 403,
  },
  // 'Création factures' (R-INV-10): the head office's module; a club holds neither its read access nor
  // its write grant, so even a request naming its own structure is refused, before any row is read.
  ...Object.fromEntries(
    (
      [
        ['GET /api/creation-factures/tarifs', 'GET', '/api/creation-factures/tarifs'],
        ['GET /api/creation-factures/brouillons', 'GET', '/api/creation-factures/brouillons'],
        ['POST /api/creation-factures/brouillons', 'POST', '/api/creation-factures/brouillons'],
        ['GET /api/creation-factures/brouillons/:id', 'GET', '/api/creation-factures/brouillons/1'],
        ['PUT /api/creation-factures/brouillons/:id', 'PUT', '/api/creation-factures/brouillons/1'],
        ['DELETE /api/creation-factures/brouillons/:id', 'DELETE', '/api/creation-factures/brouillons/1?version=1'],
        [
          'GET /api/creation-factures/brouillons/:id/apercu.pdf',
          'GET',
          '/api/creation-factures/brouillons/1/apercu.pdf',
        ],
        ['POST /api/creation-factures/brouillons/:id/emission', 'POST', '/api/creation-factures/brouillons/1/emission'],
        ['POST /api/creation-factures/avoirs', 'POST', '/api/creation-factures/avoirs'],
        ['POST /api/creation-factures/lots/apercu', 'POST', '/api/creation-factures/lots/apercu'],
        ['POST /api/creation-factures/lots', 'POST', '/api/creation-factures/lots'],
        ['GET /api/creation-factures/lots/:id', 'GET', '/api/creation-factures/lots/1'],
      ] as const
    ).map(([key, method, url]) => [
      key,
      {
        kind: 'scoped',
        request: (id: number) => {
          const line = { libelle: 'Stage', tarifId: null, prixUnitaireCentimes: 4_500, quantite: 1 };
          const invoice = { libelle: 'Stage', categorie: 4, echeance: '2099-01-02', note: '', lignes: [line] };
          const payloads: Record<string, object> = {
            'POST /api/creation-factures/brouillons': { structureId: id, ...invoice },
            'PUT /api/creation-factures/brouillons/:id': { structureId: id, ...invoice, version: 1 },
            'POST /api/creation-factures/brouillons/:id/emission': { version: 1 },
            'POST /api/creation-factures/avoirs': { factureId: 1, mode: 'total' },
            'POST /api/creation-factures/lots/apercu': { ...invoice, selection: { structureIds: [id] } },
            'POST /api/creation-factures/lots': { ...invoice, selection: { structureIds: [id] }, cle: 'lot-croise-1' },
          };
          return { method, url, payload: payloads[key], headers: { 'x-structure-id': String(id) } };
        },
        ownStatus: 403,
        deniedStatus: 403,
      } satisfies RouteCase,
    ]),
  ),
  // SEPA (module export__sepa): a club holds no SEPA authorisation, so even its own structure is refused;
  // the federation's allowed paths are covered by test/integration/sepa.
  ...Object.fromEntries(
    [
      [
        'GET /api/exports/sepa/prelevements/preview',
        'GET',
        '/api/exports/sepa/prelevements/preview?dateEcheance=2099-01-02',
      ],
      ['POST /api/exports/sepa/prelevements', 'POST', '/api/exports/sepa/prelevements'],
      ['GET /api/exports/sepa/batches', 'GET', '/api/exports/sepa/batches'],
      ['GET /api/exports/sepa/calendar', 'GET', '/api/exports/sepa/calendar'],
      ['GET /api/exports/sepa/batches/:id/file', 'GET', '/api/exports/sepa/batches/1/file'],
      ['POST /api/exports/sepa/batches/:id/cancel', 'POST', '/api/exports/sepa/batches/1/cancel'],
    ].map(([key, method, url]) => [
      key as string,
      {
        kind: 'scoped',
        request: (id: number) => ({
          ...json(
            method as 'GET' | 'POST',
            url as string,
            method === 'POST' ? { dateEcheance: '2099-01-02' } : undefined,
          ),
          headers: { 'x-structure-id': String(id) },
        }),
        ownStatus: 403,
        deniedStatus: 403,
      } satisfies RouteCase,
    ]),
  ),
  // R-PAY-01, R-PAY-08: the shares' rules and the payout files are the head office's; a club is
  // refused on its own structure too. Bodies are valid, so the refusal is the scope's, not the input's.
  ...Object.fromEntries(
    (
      [
        ['GET /api/quotes-parts/regles', 'GET', '/api/quotes-parts/regles', undefined],
        [
          'PUT /api/quotes-parts/regles',
          'PUT',
          '/api/quotes-parts/regles',
          { categorie: 1, niveau: 'ligue', mode: 'taux', valeur: 100, saisonDebut: 2026 },
        ],
        ['GET /api/exports/sepa/virements/apercu', 'GET', '/api/exports/sepa/virements/apercu', undefined],
        ['GET /api/exports/sepa/virements', 'GET', '/api/exports/sepa/virements', undefined],
        ['POST /api/exports/sepa/virements', 'POST', '/api/exports/sepa/virements', { dateExecution: '2099-01-02' }],
        ['GET /api/exports/sepa/virements/:id/fichier', 'GET', '/api/exports/sepa/virements/1/fichier', undefined],
        [
          'POST /api/exports/sepa/virements/:id/annulation',
          'POST',
          '/api/exports/sepa/virements/1/annulation',
          undefined,
        ],
      ] as const
    ).map(([key, method, url, payload]) => [
      key,
      {
        kind: 'scoped',
        request: (id: number) => ({ method, url, payload, headers: { 'x-structure-id': String(id) } }),
        ownStatus: 403,
        deniedStatus: 403,
      } satisfies RouteCase,
    ]),
  ),
  // R-PAY-03: a structure's shares: its own page answers (a club earns none), another's is not found.
  'GET /api/structures/:id/quotes-parts': {
    kind: 'scoped',
    request: (id) => json('GET', `/api/structures/${id}/quotes-parts`),
    ownStatus: 200,
    deniedStatus: 404,
  },
  // R-PAY-09: the relevé de reversements is a ligue's or a comité's: a club is refused, for itself too.
  'GET /api/structures/:id/releve-de-reversements': clubRefused((id) =>
    json('GET', `/api/structures/${id}/releve-de-reversements?format=pdf`),
  ),
  'GET /api/structures/:id/releves-de-reversements': clubRefused((id) =>
    json('GET', `/api/structures/${id}/releves-de-reversements`),
  ),
  'GET /api/releves-de-reversements/:id': clubRefused((id) => json('GET', `/api/releves-de-reversements/${id}`)),
  // Bank returns (R-RET-01): the club's own XML report is refused too (no SEPA authorisation).
  ...Object.fromEntries(
    ['/api/exports/sepa/retours', '/api/exports/sepa/retours/preview'].map((url) => [
      `POST ${url}`,
      {
        kind: 'scoped',
        request: (id: number) => ({
          method: 'POST' as const,
          url,
          payload: '<?xml version="1.0" encoding="UTF-8"?><Document/>',
          headers: { 'content-type': 'application/xml', 'x-structure-id': String(id) },
        }),
        ownStatus: 403,
        deniedStatus: 403,
      } satisfies RouteCase,
    ]),
  ),
  // R-RET-06, R-PERM-08: a club cannot relaunch, not even its own flux.
  'POST /api/exports/sepa/retours/relance': {
    kind: 'scoped',
    request: (id: number) => ({
      ...json('POST', '/api/exports/sepa/retours/relance', { ids: [1] }),
      headers: { 'x-structure-id': String(id) },
    }),
    ownStatus: 403,
    deniedStatus: 403,
  } satisfies RouteCase,
  // Bank statements (R-BANK-07): the head office's own; a club is refused on its own structure too.
  ...Object.fromEntries(
    (
      [
        ['POST', '/api/exports/sepa/releves'],
        ['GET', '/api/exports/sepa/releves'],
        ['GET', '/api/exports/sepa/releves/flux-ouverts'],
        ['GET', '/api/exports/sepa/releves/:id/ecritures'],
        ['POST', '/api/exports/sepa/releves/ecritures/:id/rapprochement'],
        ['DELETE', '/api/exports/sepa/releves/ecritures/:id/rapprochement'],
      ] as const
    ).map(([method, route]) => [
      `${method} ${route}`,
      {
        kind: 'scoped',
        request: (id: number): InjectOptions => ({
          method,
          url: `${route.replace(':id', '1')}${route.endsWith('flux-ouverts') ? '?q=club' : ''}`,
          ...(route === '/api/exports/sepa/releves'
            ? { payload: '<?xml version="1.0" encoding="UTF-8"?><Document/>' }
            : method === 'POST'
              ? { payload: { parts: [{ ID_FluxFinancier: 1, montantCents: 100 }] } }
              : {}),
          headers: {
            'x-structure-id': String(id),
            ...(route === '/api/exports/sepa/releves' && method === 'POST'
              ? { 'content-type': 'application/xml' }
              : {}),
          },
        }),
        ownStatus: 403,
        deniedStatus: 403,
      } satisfies RouteCase,
    ]),
  ),
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
  ...ACCOUNTING_CASES,
  ...IMPAYES_CASES,
  ...MAIL_CASES,
  ...RECAP_CASES,
};

describe.each(testDatabaseTargets())('cross-structure access on $name (R-SCOPE-06)', (target) => {
  let context: RestContext;
  let fixtures: Fixtures;

  beforeAll(async () => {
    context = await openRestContext(target);
    fixtures = {
      clubDocumentId: await seedDocument(context, context.clubId),
      otherDocumentId: await seedDocument(context, context.otherClubId),
    };
  });
  let deniedRoutes = 0;
  afterAll(async () => {
    reportRobustness({
      check: 'routes REST refusant une autre structure',
      target: target.name,
      cases: deniedRoutes,
      failures: Object.keys(CASES).length - deniedRoutes,
    });
    await closeRestContext(context);
  });

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
      deniedRoutes += 1;
      return;
    }
    const own = await send(context.clubId);
    expect(own.statusCode, own.body).toBe(routeCase.ownStatus);
    expect(other.statusCode, other.body).toBe(routeCase.deniedStatus);
    expect(other.json().message).toEqual(expect.any(String));
    expect(other.body).not.toContain(otherStructure?.name);
    deniedRoutes += 1;
  });

  it('does not store anything for a denied upload', async () => {
    const [{ count } = { count: -1 }] = await context.database.query<{ count: number }>(
      `SELECT count(*)::integer AS count FROM "DOC_Document" WHERE "ID_Structure" = $1`,
      [context.otherClubId],
    );
    expect(count).toBe(1); // only the fixture uploaded by the super administrator
  });
});
