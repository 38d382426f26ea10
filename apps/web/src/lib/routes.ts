/**
 * Named routes (R-UI-02). Links are built from names with `href`, never
 * from literal paths, so a path can change in one place.
 */
export const ROUTES = {
  login: '/connexion',
  gestion_des_finances__dashboard: '/gestion-des-finances',
  gestion_des_finances__parametrage_plan_comptable: '/gestion-des-finances/parametrage-plan-comptable',
  gestion_des_finances__etats_statistiques: '/gestion-des-finances/etats-statistiques',
  gestion_des_finances__rib: '/gestion-des-finances/rib',
  gestion_des_finances__recapitulatif: '/gestion-des-finances/recapitulatif',
  gestion_des_finances__creation_factures: '/gestion-des-finances/creation-factures',
  flux_financiers__gestion_des_finances: '/gestion-des-finances/flux-financiers',
  flux_financiers__gestion_comptabilite: '/gestion-comptabilite/flux-financiers',
  flux_impayes: '/gestion-des-finances/flux-financiers/impayes',
  flux_facture: '/gestion-des-finances/flux-financiers/:id/facture',
  flux_releve: '/gestion-des-finances/flux-financiers/:id/releve',
  /** A structure's page ('Situation de la structure'): link with StructureSituationLink. */
  structure_situation: '/gestion-des-finances/structures/:id/situation',
  gestion_comptabilite__dashboard: '/gestion-comptabilite',
  parametrages_comptables__plan_comptable: '/gestion-comptabilite/parametrages/plan-comptable',
  parametrages_comptables__type_facturation: '/gestion-comptabilite/parametrages/type-facturation',
  parametrages_comptables__plan_analytique: '/gestion-comptabilite/parametrages/plan-analytique',
  parametrages_comptables__flux_financier: '/gestion-comptabilite/parametrages/flux-financier',
  export__sepa: '/export-fichiers/sepa',
  export__sage: '/export-fichiers/sage',
  /** The user's long jobs, running and finished (R-JOB-03). */
  mes_traitements: '/mes-traitements',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Names of the ':param' segments of a path. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<Rest>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

/** `{ id: ... }` for a path such as '/x/:id'; nothing for a static path. */
export type RouteParams<Name extends RouteName> = [ParamNames<(typeof ROUTES)[Name]>] extends [never]
  ? Record<string, never>
  : Record<ParamNames<(typeof ROUTES)[Name]>, string | number>;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

/** Appends query values; null, undefined and '' are left out so URLs stay clean. */
export function toSearch(query: Query | URLSearchParams | undefined): string {
  if (!query) return '';
  const search = query instanceof URLSearchParams ? new URLSearchParams(query) : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value : [value];
      for (const item of values)
        if (item !== null && item !== undefined && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function href<Name extends RouteName>(name: Name, params?: RouteParams<Name>, query?: Query): string {
  const path = ROUTES[name].replace(/:(\w+)/g, (_match, key: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[key];
    if (value === undefined) throw new Error(`Paramètre manquant « ${key} » pour la route ${name}`);
    return encodeURIComponent(String(value));
  });
  return path + toSearch(query);
}

/**
 * Query parameters that describe the context rather than the page (R-UI-03):
 * they follow the user from page to page.
 */
const CONTEXT_QUERY_KEYS = ['structureId', 'appMode'] as const;

export function contextQueryOf(search: string | URLSearchParams): Query {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const query: Query = {};
  for (const key of CONTEXT_QUERY_KEYS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query;
}

/**
 * `href` keeping structureId/appMode of the current URL; the link's own query wins (pass
 * `structureId: undefined` to drop it).
 */
export function hrefInContext<Name extends RouteName>(
  currentSearch: string | URLSearchParams,
  name: Name,
  params?: RouteParams<Name>,
  query?: Query,
): string {
  return href(name, params, { ...contextQueryOf(currentSearch), ...query });
}

/** Only same-origin paths: a `redirect` query must never send the user to another site. */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value.startsWith(ROUTES.login)) return undefined;
  return value;
}
