import { FLUX_TOTAL_CAP } from '@gdf/domain';
import { FLUX_ROW_FIELDS, type FluxRow } from './flux-row';

/**
 * The search screen's GraphQL texts, apart from the code that sends them so the load
 * bench (bench/src/load) sends exactly what the page sends. Each takes the row selection of
 * its viewer (fluxRowFields); the constants hold anyone's but the head office's.
 */

/**
 * A page of results and the capped total in one request (two SQL statements): how the
 * page searched before its count followed it (R-SEARCH-13), on every page turn and sort. The page no longer sends
 * it; the load bench does, as the base of its throughput ratio.
 */
const searchPageAndCountQuery = (
  fields: string,
) => `query SearchFlux($where: MKP_FluxFinancier_bool_exp!, $orderBy: [MKP_FluxFinancier_order_by!], $limit: Int!, $offset: Int!, $cap: Int!) {
  rows: MKP_FluxFinancier(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${fields} }
  total: MKP_FluxFinancier_aggregate(where: $where, limit: $cap) { aggregate { count } }
}`;

/** A page of results alone: the table renders from it. */
export const searchPageQuery = (
  fields: string,
) => `query SearchFluxPage($where: MKP_FluxFinancier_bool_exp!, $orderBy: [MKP_FluxFinancier_order_by!], $limit: Int!, $offset: Int!) {
  rows: MKP_FluxFinancier(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${fields} }
}`;

/**
 * A page of results with the planner's word on its total: sent while the filter set's total
 * is not known. `estimate.aggregate` is { count: $cap } when the server expects far more
 * than the cap ("plus de 10 000"), the exact count when it expects few rows (counted with
 * the page, cheaper than a second request), else null (nothing counted).
 */
export const searchPageWithEstimateQuery = (
  fields: string,
) => `query SearchFluxPageEstimate($where: MKP_FluxFinancier_bool_exp!, $orderBy: [MKP_FluxFinancier_order_by!], $limit: Int!, $offset: Int!, $cap: Int!) {
  rows: MKP_FluxFinancier(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) { ${fields} }
  estimate: MKP_FluxFinancier_aggregate(where: $where, limit: $cap, estimate: true, estimateOnly: true) { aggregate { count } }
}`;

export const SEARCH_PAGE_AND_COUNT = searchPageAndCountQuery(FLUX_ROW_FIELDS);
export const SEARCH_PAGE = searchPageQuery(FLUX_ROW_FIELDS);
export const SEARCH_PAGE_WITH_ESTIMATE = searchPageWithEstimateQuery(FLUX_ROW_FIELDS);

/**
 * The capped total of a filter set ("plus de 10 000" above the cap), asked once per filter
 * set after its page, when neither the page nor the planner settled it (settledTotal). The
 * page has just asked the planner: the count does not ask it again, it counts.
 */
export const SEARCH_COUNT = `query FluxSearchCount($where: MKP_FluxFinancier_bool_exp!, $cap: Int!) {
  total: MKP_FluxFinancier_aggregate(where: $where, limit: $cap) { aggregate { count } }
}`;

/** The page's default order (newest first, id last so pages never overlap). */
export const DEFAULT_ORDER_BY = [{ Z_DateCreation: 'desc' }, { id: 'desc' }];

/** The capped count's limit: a count of FLUX_TOTAL_CAP + 1 reads "plus de 10 000". */
export const COUNT_LIMIT = FLUX_TOTAL_CAP + 1;

export interface FluxPage {
  rows: FluxRow[];
  /**
   * Asked with the page (the total not known yet): COUNT_LIMIT when the server's planner
   * expects far more than the cap, the exact total when it expected few rows and counted
   * them; null when it settled nothing.
   */
  totalWithPage: number | null;
}

/**
 * The capped total a page settles without a count request, else null (the count is
 * asked). A page holding fewer rows than asked (none only on the first page) ends the
 * search: offset + its rows, exact. Otherwise the total the page brought: COUNT_LIMIT
 * ("plus de 10 000", the planner's word) or a small total counted with it.
 */
export function settledTotal(
  page: Pick<FluxPage, 'totalWithPage'> & { rows: readonly unknown[] },
  offset: number,
  limit: number,
): number | null {
  const short = page.rows.length < limit && (page.rows.length > 0 || offset === 0);
  if (short) return offset + page.rows.length;
  return page.totalWithPage;
}
