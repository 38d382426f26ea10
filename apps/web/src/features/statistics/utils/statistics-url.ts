import { contextQueryOf, href, toSearch } from '@/lib/routes';
import { STATISTICS_FILTER_KEYS, type StatisticsUrlFilters } from '../api/statistics-types';

type StatisticsFilterKey = keyof StatisticsUrlFilters;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;
const DAY_KEYS: readonly StatisticsFilterKey[] = ['debut', 'fin'];

/** Whether a URL value can be sent as it is; anything else is left out of the filters. */
function usable(key: StatisticsFilterKey, value: string): boolean {
  return DAY_KEYS.includes(key) ? DAY.test(value) : ID.test(value);
}

/** The filters the URL holds (its other keys, structureId and appMode, are not filters). */
export function readStatisticsFilters(params: URLSearchParams): StatisticsUrlFilters {
  const filters: StatisticsUrlFilters = {};
  for (const key of STATISTICS_FILTER_KEYS) {
    const value = params.get(key);
    if (value && usable(key, value)) filters[key] = value;
  }
  return filters;
}

/** `current` with the filters of `patch` set (an empty value removes its key). */
export function writeStatisticsFilters(current: URLSearchParams, patch: StatisticsUrlFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** Every filter removed, the context kept. */
export const CLEARED_STATISTICS_FILTERS: StatisticsUrlFilters = Object.fromEntries(
  STATISTICS_FILTER_KEYS.map((key) => [key, '']),
);

/**
 * The flux search giving a figure's total: the server's `recherche` query, with the context
 * (structureId, appMode) of the current page unless the query names its own.
 */
export function drillDownHref(currentSearch: string, recherche: string): string {
  const query = new URLSearchParams(recherche.replace(/^\?/, ''));
  for (const [key, value] of Object.entries(contextQueryOf(currentSearch)))
    if (!query.has(key)) query.set(key, String(value));
  return href('flux_financiers__gestion_des_finances') + toSearch(query);
}
