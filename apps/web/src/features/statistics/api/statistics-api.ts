import { STATISTICS_EXPORT_PATH, STATISTICS_PATH, type StatisticsResponse } from '@gdf/domain';
import { apiFetch } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { toSearch } from '@/lib/routes';
import type { StatisticsUrlFilters } from './statistics-types';

/** The figures of the filters, as the structure the user acts for may see them. */
export function fetchStatistics(
  structureId: number,
  filters: StatisticsUrlFilters,
  signal?: AbortSignal,
): Promise<StatisticsResponse> {
  return apiFetch<StatisticsResponse>(STATISTICS_PATH + toSearch({ structureId, ...filters }), { signal });
}

/** The same figures as an xlsx workbook, saved under the server's name. */
export async function downloadStatisticsExport(structureId: number, filters: StatisticsUrlFilters): Promise<void> {
  await downloadFile(STATISTICS_EXPORT_PATH + toSearch({ structureId, ...filters }), {
    fileName: 'etats-statistiques.xlsx',
  });
}
