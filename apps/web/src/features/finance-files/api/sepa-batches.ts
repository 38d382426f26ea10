import { SEPA_BATCHES_TOTAL_HEADER, type SepaBatch, type SepaBatchPage } from '@gdf/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { toSearch } from '@/lib/routes';

/** One page of the past files and how many there are (R-UI-20). */
interface SepaBatchesPage {
  batches: SepaBatch[];
  total: number;
}

/** GET /api/exports/sepa/batches: one page, sorted by the server; the count in a header. */
async function getSepaBatches(
  structureId: number,
  page: SepaBatchPage,
  signal?: AbortSignal,
): Promise<SepaBatchesPage> {
  const query = toSearch({ structureId, page: page.page, limit: page.limit, tri: page.sort, ordre: page.direction });
  const response = await apiRequest(`/api/exports/sepa/batches${query}`, { signal });
  const batches = (await response.json()) as SepaBatch[];
  return { batches, total: Number(response.headers.get(SEPA_BATCHES_TOTAL_HEADER) ?? batches.length) };
}

function sepaBatchesQueryOptions(structureId: number, page: SepaBatchPage) {
  return queryOptions({
    queryKey: ['sepa-batches', structureId, page],
    queryFn: ({ signal }) => getSepaBatches(structureId, page, signal),
    // The page shown stays while the next one loads: the table keeps its height.
    placeholderData: keepPreviousData,
  });
}

export function useSepaBatches(structureId: number, page: SepaBatchPage) {
  return useQuery(sepaBatchesQueryOptions(structureId, page));
}

/** GET /api/exports/sepa/batches/{id}/file, saved under its own name. */
export async function downloadSepaBatch(structureId: number, batch: SepaBatch): Promise<void> {
  await downloadFile(`/api/exports/sepa/batches/${batch.id}/file?structureId=${structureId}`, {
    fileName: batch.NomFichier,
  });
}
