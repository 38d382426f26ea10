/**
 * R-SEARCH-22: the flux search filtered on given flux (those a bank return rejected, from
 * 'Voir dans la recherche'). The selection travels in the search's URL, so the page that
 * links to it and the search read and write it the same way.
 */
export interface FluxSelection {
  /** Flux numbers, 1 to FLUX_SELECTION_MAX of them. */
  ids: number[];
  /** The day of the return they come from (YYYY-MM-DD), for the chip; '' when none. */
  returnDay: string;
}

/** A selection travels in the URL: beyond this many flux, the status filter serves better. */
export const FLUX_SELECTION_MAX = 1000;

/** The search URL's keys: `flux=12,13,14&retourDu=2026-03-10`. */
export const FLUX_SELECTION_URL_KEYS = { ids: 'flux', returnDay: 'retourDu' } as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The selection's URL query values. */
export function fluxSelectionQuery(selection: FluxSelection): Record<string, string> {
  const query: Record<string, string> = { [FLUX_SELECTION_URL_KEYS.ids]: selection.ids.join(',') };
  if (selection.returnDay) query[FLUX_SELECTION_URL_KEYS.returnDay] = selection.returnDay;
  return query;
}

/**
 * The selection a URL holds: null without its key; an invalid list (not numbers, too many)
 * gives an empty selection, which the filters' validation refuses rather than widening the search.
 */
export function parseFluxSelection(params: URLSearchParams): FluxSelection | null {
  const text = params.get(FLUX_SELECTION_URL_KEYS.ids);
  if (text === null) return null;
  const parts = text.split(',');
  const valid = parts.length <= FLUX_SELECTION_MAX && parts.every((part) => /^\d{1,9}$/.test(part));
  const day = params.get(FLUX_SELECTION_URL_KEYS.returnDay) ?? '';
  return {
    ids: valid ? [...new Set(parts.map(Number))].filter((id) => id > 0) : [],
    returnDay: ISO_DAY.test(day) ? day : '',
  };
}
