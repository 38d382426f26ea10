import { FLUX_ROW_FIELDS } from './flux-row';

/**
 * The search screen's GraphQL texts, apart from the code that sends them so the load
 * bench (bench/src/load) sends exactly what the page sends.
 */

/**
 * A page of results and the capped total in one request (two SQL statements): how the
 * page searched before its count followed it (R-SEARCH-13), on every page turn and sort. The page no longer sends
 * it; the load bench does, as the base of its throughput ratio.
 */
export const SEARCH_PAGE_AND_COUNT = `query SearchFlux($where: MKP_FluxFinancier_bool_exp!, $orderBy: [MKP_FluxFinancier_order_by!], $limit: Int!, $offset: Int!, $cap: Int!) {
  rows: MKP_FluxFinancier(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${FLUX_ROW_FIELDS} }
  total: MKP_FluxFinancier_aggregate(where: $where, limit: $cap) { aggregate { count } }
}`;

/** A page of results alone: the table renders from it. */
export const SEARCH_PAGE = `query SearchFluxPage($where: MKP_FluxFinancier_bool_exp!, $orderBy: [MKP_FluxFinancier_order_by!], $limit: Int!, $offset: Int!) {
  rows: MKP_FluxFinancier(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${FLUX_ROW_FIELDS} }
}`;

/**
 * The capped total of a filter set, asked once per filter set after its first page
 * ("plus de 10 000" above the cap). `estimate: true`: when the server's planner expects
 * far more rows than the cap, it answers the cap without counting.
 */
export const SEARCH_COUNT = `query FluxSearchCount($where: MKP_FluxFinancier_bool_exp!, $cap: Int!) {
  total: MKP_FluxFinancier_aggregate(where: $where, limit: $cap, estimate: true) { aggregate { count } }
}`;

/** The page's default order (newest first, id last so pages never overlap). */
export const DEFAULT_ORDER_BY = [{ Z_DateCreation: 'desc' }, { id: 'desc' }];
