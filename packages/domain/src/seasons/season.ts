/**
 * Seasons run 1 September to 31 August; a season's id is its end year
 * (R-DATA-04: season 2021-2022 has id 2022).
 */
export function seasonIdForDate(date: Date): number {
  const year = date.getUTCFullYear();
  return date.getUTCMonth() >= 8 ? year + 1 : year;
}

export function seasonName(seasonId: number): string {
  return `${seasonId - 1}-${seasonId}`;
}

export function seasonShortName(seasonId: number): string {
  return `${String(seasonId - 1).slice(2)}-${String(seasonId).slice(2)}`;
}

/** First and last day (ISO dates) of a season. */
export function seasonBounds(seasonId: number): { start: string; end: string } {
  return { start: `${seasonId - 1}-09-01`, end: `${seasonId}-08-31` };
}

/** R-SEARCH-11: the default search season value when seasons cannot be loaded. */
export const DEFAULT_SEARCH_SEASON = 2021;
