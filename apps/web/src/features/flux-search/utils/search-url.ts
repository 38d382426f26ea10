import {
  EMPTY_FLUX_FILTERS,
  FLUX_SELECTION_URL_KEYS,
  fluxSelectionQuery,
  isFluxPaymentStatus,
  parseFluxSelection,
  type FluxSearchFilters,
} from '@gdf/domain';

/**
 * The search lives in the URL (R-SEARCH-12): a copied link reopens the same search and
 * back/forward restore it. French keys, since users see and share these links.
 */
export const PAGE_SIZES = [30, 60, 90, 'all'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

const SORT_COLUMNS = [
  'id',
  'licence',
  'licensee',
  'createdAt',
  'structure',
  'label',
  'debit',
  'credit',
  // Links written before debit/credit had their own sorts.
  'amount',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export interface FluxSearchState {
  /** null until a search was asked for: the page then shows the form only. */
  filters: FluxSearchFilters | null;
  sort: { column: SortColumn; direction: SortDirection };
  /** 0-based. */
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_SORT = { column: 'createdAt', direction: 'desc' } as const;

const TEXT_KEYS = {
  licence: 'licence',
  lastName: 'nom',
  codeFederal: 'code',
  label: 'libelle',
  startDate: 'debut',
  endDate: 'fin',
  fluxId: 'numero',
  minAmount: 'montantMin',
  maxAmount: 'montantMax',
  settledFrom: 'regleDu',
  settledTo: 'regleAu',
} as const satisfies Partial<Record<keyof FluxSearchFilters, string>>;
const FILTER_KEYS = [
  'saison',
  'structure',
  'statut',
  'categorie',
  ...Object.values(TEXT_KEYS),
  ...Object.values(FLUX_SELECTION_URL_KEYS),
];
/** Keys this page owns; any other (structureId, appMode) is kept as it is. */
const OWN_KEYS = [...FILTER_KEYS, 'tri', 'ordre', 'page', 'taille'];

function positiveInt(value: string | null): number | null {
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export function parseSearchUrl(params: URLSearchParams): FluxSearchState {
  const searched = FILTER_KEYS.some((key) => params.has(key));
  const filters: FluxSearchFilters = { ...EMPTY_FLUX_FILTERS };
  filters.season = positiveInt(params.get('saison'));
  filters.structureId = positiveInt(params.get('structure'));
  const status = params.get('statut');
  filters.status = isFluxPaymentStatus(status) ? status : '';
  filters.category = positiveInt(params.get('categorie'));
  for (const [field, key] of Object.entries(TEXT_KEYS) as [keyof typeof TEXT_KEYS, string][])
    filters[field] = params.get(key) ?? '';
  filters.selection = parseFluxSelection(params);
  const column = params.get('tri') as SortColumn | null;
  const size = params.get('taille');
  const pageSize = size === 'tous' ? 'all' : (PAGE_SIZES.find((item) => String(item) === size) ?? 30);
  return {
    filters: searched ? filters : null,
    sort:
      column && SORT_COLUMNS.includes(column)
        ? { column, direction: params.get('ordre') === 'asc' ? 'asc' : 'desc' }
        : DEFAULT_SORT,
    page: Math.max(0, (positiveInt(params.get('page')) ?? 1) - 1),
    pageSize,
  };
}

/** The filters' keys of the URL (defaults left out). */
function writeFilters(next: URLSearchParams, filters: FluxSearchFilters): void {
  if (filters.season !== null) next.set('saison', String(filters.season));
  if (filters.structureId !== null) next.set('structure', String(filters.structureId));
  if (filters.status !== '') next.set('statut', filters.status);
  if (filters.category !== null) next.set('categorie', String(filters.category));
  for (const [field, key] of Object.entries(TEXT_KEYS) as [keyof typeof TEXT_KEYS, string][]) {
    const value = filters[field].trim();
    if (value) next.set(key, value);
  }
  if (filters.selection)
    for (const [key, value] of Object.entries(fluxSelectionQuery(filters.selection))) next.set(key, value);
}

/** `current` with the page's own keys replaced by `state` (defaults left out). */
export function writeSearchUrl(current: URLSearchParams, state: FluxSearchState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of OWN_KEYS) next.delete(key);
  if (state.filters) writeFilters(next, state.filters);
  if (state.sort.column !== DEFAULT_SORT.column || state.sort.direction !== DEFAULT_SORT.direction) {
    next.set('tri', state.sort.column);
    next.set('ordre', state.sort.direction);
  }
  if (state.page > 0) next.set('page', String(state.page + 1));
  if (state.pageSize !== 30) next.set('taille', state.pageSize === 'all' ? 'tous' : String(state.pageSize));
  return next;
}

/**
 * The page's keys whose value the URL reader could not use and dropped (a hand-edited
 * `statut=autre`, `saison=abc`): the page says so rather than searching silently without
 * them (R-SEARCH-12). Text filters are kept as typed and validated by the form instead.
 */
export function ignoredUrlParams(params: URLSearchParams): string[] {
  const numeric = ['saison', 'structure', 'categorie', 'page'];
  const ignored: string[] = [];
  for (const key of numeric) {
    const value = params.get(key);
    if (value !== null && value !== '' && positiveInt(value) === null) ignored.push(`${key}=${value}`);
  }
  const status = params.get('statut');
  if (status !== null && status !== '' && !isFluxPaymentStatus(status)) ignored.push(`statut=${status}`);
  const column = params.get('tri');
  if (column !== null && !SORT_COLUMNS.includes(column as SortColumn)) ignored.push(`tri=${column}`);
  const size = params.get('taille');
  if (size !== null && size !== 'tous' && !PAGE_SIZES.some((item) => String(item) === size))
    ignored.push(`taille=${size}`);
  return ignored;
}
