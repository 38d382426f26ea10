import { CLUB_PERMISSIONS, clubMembership, headOfficeMembership, meWith, statusApi } from '@/test/access-fixtures';
import { jsonResponse, stubApi } from '@/test/stub-api';
import type { ActionGrant, Membership, ModuleSlugValue } from '@gdf/domain';

interface GraphqlCall {
  query: string;
  variables: Record<string, unknown>;
  url: string;
}

export const fluxRow = (overrides: object = {}) => ({
  id: 501,
  NomFluxFinancier: 'Licence adulte Dupont',
  Z_DateCreation: '2026-03-01T09:30:00.000Z',
  MontantTTC: '60.00',
  EST_Debit: true,
  EST_Reglement: false,
  ID_FluxFinancierRelance: null,
  STR_Structure: { NomStructure: 'Club Alpin de Lyon' },
  UTI_Utilisateur: { CT_Nom: 'Dupont', CT_Prenom: 'Anne', LicenceNumero: 123456 },
  ...overrides,
});

const ROWS = [
  fluxRow(),
  fluxRow({ id: 502, NomFluxFinancier: 'Remboursement licence', MontantTTC: '1234.5', EST_Debit: false }),
  fluxRow({ id: 503, NomFluxFinancier: 'Licence jeune', UTI_Utilisateur: null }),
];

export const directDebitDetail = (overrides: object = {}) => ({
  id: 501,
  NomFluxFinancier: 'Prélèvement SEPA licences mars 2026',
  ID_CategoryFlux: 5,
  EST_Debit: true,
  EST_Reglement: false,
  ID_FluxFinancierRelance: null,
  STR_Structure: { NomStructure: 'Club Alpin de Lyon' },
  MKP_FluxFinancierDetail: [
    {
      id: 1,
      NomFluxFinancierDetail: 'Licence adulte',
      PrixUnitaire: '60.00',
      Quantite: 2,
      MontantTTC: '120.00',
      EST_Debit: true,
      Z_DateCreation: '2026-03-01T09:30:00.000Z',
    },
  ],
  ...overrides,
});

interface StubOptions {
  membership?: Membership;
  permissions?: readonly ModuleSlugValue[];
  /** Write grants of the user (e.g. the relaunch); none by default, as a club. */
  grants?: readonly ActionGrant[];
  rows?: unknown[];
  /** How many flux the search matches: pages of generated rows (default: `rows`, one page). */
  total?: number;
  /** The page's estimate says "far above the cap" (default: when `total` is above 10,000). */
  estimateAboveCap?: boolean;
  /** The server counted the total with the page (its planner expected few rows). */
  countedWithPage?: boolean;
  detail?: object;
  relaunch?: 'ok' | 'fail';
  /** The detail answers a GraphQL error the first time. */
  detailFailsOnce?: boolean;
  /** How many rows 'Tous' and the export find (default: the rows). */
  matching?: number;
  /** The search answers a GraphQL error: always, or only the first time. */
  searchFails?: boolean | 'once';
  /** Searches after the first `offlineAfter` ones fail as fetch does without network. */
  offlineAfter?: number;
  /** The totals answer a GraphQL error. */
  totalsFail?: boolean;
  /** The capped count answers once this settles (the table is shown before it). */
  countGate?: Promise<unknown>;
  /** The capped count answers a GraphQL error. */
  countFails?: boolean;
  /** The capped count of a where (default: `total`, or the rows). */
  countOf?: (where: unknown) => number;
}

interface Call {
  query: string;
  variables: Record<string, unknown>;
  calls: GraphqlCall[];
  options: StubOptions;
  rows: unknown[];
}
type Operation = (call: Call) => Response | Promise<Response>;

const seasons: Operation = () =>
  jsonResponse({
    data: {
      FEDE_Saison: [
        { id: 2027, NomSaison: '2026-2027', EST_SaisonCourante: true },
        { id: 2026, NomSaison: '2025-2026', EST_SaisonCourante: false },
      ],
    },
  });

const search: Operation = ({ query, variables, calls, options, rows }) => {
  const searchCount = calls.filter((call) => call.query.includes('SearchFlux')).length;
  const fails = options.searchFails === true || (options.searchFails === 'once' && searchCount === 1);
  if (fails) return jsonResponse({ errors: [{ message: 'boom' }] });
  if (options.offlineAfter !== undefined && searchCount > options.offlineAfter) throw new TypeError('Failed to fetch');
  const { limit, offset } = variables as { limit: number; offset: number };
  const page =
    options.total === undefined
      ? rows
      : Array.from({ length: Math.max(0, Math.min(limit, options.total - offset)) }, (_, i) =>
          fluxRow({ id: offset + i + 1 }),
        );
  if (!query.includes('estimateOnly: true')) return jsonResponse({ data: { rows: page } });
  const aboveCap = options.estimateAboveCap ?? (options.total ?? 0) > 10_000;
  const withPage = aboveCap ? { count: 10_001 } : options.countedWithPage ? { count: options.total } : null;
  return jsonResponse({ data: { rows: page, estimate: { aggregate: withPage } } });
};

// The capped count follows the page (R-SEARCH-13) when the page did not settle it: `total`, or the rows.
const count: Operation = async ({ options, rows, variables }) => {
  await options.countGate;
  if (options.countFails) return jsonResponse({ errors: [{ message: 'boom' }] });
  const counted = options.countOf?.(variables.where) ?? options.total ?? rows.length;
  return jsonResponse({ data: { total: { aggregate: { count: counted } } } });
};

// 'Tous' and the export: `matching` rows, served by limit and offset like the server.
const batch: Operation = ({ variables, options, rows }) => {
  const { limit, offset } = variables as { limit: number; offset: number };
  const matching = options.matching ?? rows.length;
  const length = Math.max(0, Math.min(limit, matching - offset));
  return jsonResponse({ data: { rows: Array.from({ length }, (_, i) => fluxRow({ id: offset + i + 1 })) } });
};

const detail: Operation = ({ calls, options }) => {
  const detailCount = calls.filter((call) => call.query.includes('FluxDetail')).length;
  if (options.detailFailsOnce && detailCount === 1) return jsonResponse({ errors: [{ message: 'boom' }] });
  return jsonResponse({ data: { flux: options.detail ?? directDebitDetail() } });
};

const relaunchFlux: Operation = ({ options }) =>
  (options.relaunch ?? 'ok') === 'ok'
    ? jsonResponse({ data: { relaunch_MKP_FluxFinancier: { id: 900 } } })
    : jsonResponse({ errors: [{ message: 'déjà relancé' }] });

type TotalsRow = {
  EST_Debit: boolean;
  EST_Reglement: boolean;
  ID_FluxFinancierRelance: number | null;
  MontantTTC: string;
};

/** One side's aggregate over `rows`, as the server sums it. */
function side(rows: TotalsRow[], debit: boolean, keep: (row: TotalsRow) => boolean = () => true) {
  const own = rows.filter((row) => row.EST_Debit === debit && keep(row));
  const euros = (pick: (row: TotalsRow) => number) =>
    own.length ? own.reduce((total, row) => total + Math.round(pick(row) * 100), 0) / 100 : null;
  const amount = (row: TotalsRow) => Number(row.MontantTTC);
  const owed = (row: TotalsRow) =>
    row.EST_Reglement || row.ID_FluxFinancierRelance !== null ? 0 : debit ? amount(row) : -amount(row);
  return {
    aggregate: {
      count: own.length,
      sum: {
        MontantTTC: euros(amount),
        MontantRegle: euros((row) => (row.EST_Reglement ? amount(row) : 0)),
        ResteDu: euros(owed),
      },
    },
  };
}

// R-SEARCH-14, R-BAL-03 totals: the sums of `rows` by EST_Debit, as the server's aggregates
// (without bank parts nor avoirs: a settled flux owes nothing, an unsettled one all of it).
const sums: Operation = ({ options, rows }) => {
  if (options.totalsFail) return jsonResponse({ errors: [{ message: 'boom' }] });
  const all = rows as TotalsRow[];
  const open = (row: TotalsRow) => !row.EST_Reglement && row.ID_FluxFinancierRelance === null;
  const relaunched = (row: TotalsRow) => !row.EST_Reglement && row.ID_FluxFinancierRelance !== null;
  return jsonResponse({
    data: {
      debit: side(all, true),
      credit: side(all, false),
      openDebit: side(all, true, open),
      openCredit: side(all, false, open),
      relaunchedDebit: side(all, true, relaunched),
    },
  });
};

const breakdown: Operation = ({ rows }) =>
  jsonResponse({ data: { rows: (rows as object[]).map((row) => ({ ID_CategoryFlux: 1, ...row })) } });

const structures: Operation = () =>
  jsonResponse({ data: { STR_Structure: [{ id: 42, NomStructure: 'Club de Grenoble', ID_CodeFederal: '038001' }] } });

/** The operations the stub answers, by a name its query holds, in this order. */
const OPERATIONS: [string, Operation][] = [
  ['FEDE_Saison', seasons],
  ['SearchFlux', search],
  ['FluxSearchCount', count],
  ['FluxBatch', batch],
  ['FluxDetail', detail],
  ['Relaunch', relaunchFlux],
  ['FluxTotals', sums],
  ['FluxBreakdown', breakdown],
  ['Structures', structures],
];

/** The page's API: session, status and a GraphQL endpoint answering by operation; records calls. */
export function stubFluxApi(options: StubOptions = {}) {
  const { membership = clubMembership, permissions = CLUB_PERMISSIONS, grants = [], rows = ROWS } = options;
  const calls: GraphqlCall[] = [];
  const fetchMock = stubApi({
    'GET /api/me': () => jsonResponse(meWith(membership, permissions, false, grants)),
    ...statusApi(membership),
    ...statusApi(headOfficeMembership),
    'POST /v1/graphql': async (request) => {
      const { query, variables = {} } = (await request.json()) as {
        query: string;
        variables?: Record<string, unknown>;
      };
      calls.push({ query, variables, url: request.url });
      const operation = OPERATIONS.find(([name]) => query.includes(name));
      if (!operation) return jsonResponse({ errors: [{ message: 'unexpected' }] });
      return operation[1]({ query, variables, calls, options, rows });
    },
  });
  const searches = () => calls.filter((call) => call.query.includes('SearchFlux'));
  const totals = () => calls.filter((call) => call.query.includes('FluxTotals'));
  const counts = () => calls.filter((call) => call.query.includes('FluxSearchCount'));
  return { fetchMock, calls, searches, totals, counts };
}
