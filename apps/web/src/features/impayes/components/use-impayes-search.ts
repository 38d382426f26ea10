import type { OverdueSortKey, SortDirection } from '@gdf/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { OverdueListSearch } from '../api/impayes-api';
import type { OverdueSort } from './overdue-columns';

/** The list's parameters kept in the URL, named as the server reads them (R-UI-20): the page can be linked. */
const IMPAYES_SEARCH_KEYS = [
  'recherche',
  'type',
  'ligueId',
  'comiteId',
  'montantMin',
  'anciennete',
  'relance',
  'tri',
  'ordre',
  'page',
  'parPage',
] as const;
type SearchKey = (typeof IMPAYES_SEARCH_KEYS)[number];

/** The filters, without the sort and the page: what 'Effacer les filtres' clears. */
const IMPAYES_FILTER_KEYS = IMPAYES_SEARCH_KEYS.filter(
  (key) => !['tri', 'ordre', 'page', 'parPage'].includes(key),
) as SearchKey[];

export type ImpayesSearch = Partial<Record<SearchKey, string>>;

/** Every filter cleared (the sort and the page size stay). */
export const CLEARED_FILTERS: ImpayesSearch = Object.fromEntries(IMPAYES_FILTER_KEYS.map((key) => [key, '']));

/** The URL's parameters of the list (the context ones, structureId, stay as they are). */
function readImpayesSearch(params: URLSearchParams): ImpayesSearch {
  const search: ImpayesSearch = {};
  for (const key of IMPAYES_SEARCH_KEYS) {
    const value = params.get(key);
    if (value) search[key] = value;
  }
  return search;
}

/**
 * The list's search, filters, sort and page read from the URL and written back to it. A change
 * of the filters or the sort goes back to the first page; the sort defaults to the total owed,
 * largest first.
 */
export function useImpayesSearch() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readImpayesSearch(params), [params]);
  const update = useCallback(
    (patch: ImpayesSearch) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      }),
    [setParams],
  );
  const sort: OverdueSort = {
    key: (search.tri ?? 'total') as OverdueSortKey,
    direction: (search.ordre ?? 'desc') as SortDirection,
  };
  const filtered = IMPAYES_FILTER_KEYS.some((key) => search[key]);
  return { search: search as OverdueListSearch, sort, filtered, update };
}
