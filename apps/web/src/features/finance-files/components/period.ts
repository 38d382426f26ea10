import { seasonBounds, seasonIdForDate, seasonName } from '@gdf/domain';

/** The seasons offered in the period choice: the current one and the five before. */
export function recentSeasons(today: Date): Array<{ id: number; label: string }> {
  const current = seasonIdForDate(today);
  return Array.from({ length: 6 }, (_, i) => current - i).map((id) => ({ id, label: seasonName(id) }));
}

/** A season as the from/to period of the export. */
export function seasonPeriod(seasonId: number): { from: string; to: string } {
  const { start, end } = seasonBounds(seasonId);
  return { from: start, to: end };
}
