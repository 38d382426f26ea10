import type { Pain008Version } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';
import type { SepaSelection } from './sepa-preview';

/** The file name the server chose (Content-Disposition), or a fallback. */
export function fileNameOf(response: Response, fallback = 'prelevements-sepa.xml'): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** POST /api/exports/sepa/prelevements: generates the batch, returns the XML, which is saved. */
export async function generateSepa(selection: SepaSelection, version: Pain008Version): Promise<string> {
  const response = await apiRequest(`/api/exports/sepa/prelevements?structureId=${selection.structureId}`, {
    method: 'POST',
    body: {
      dateEcheance: selection.dateEcheance,
      categories: selection.categories,
      version,
      ...(selection.saison === undefined ? {} : { saison: selection.saison }),
    },
  });
  const fileName = fileNameOf(response);
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export function useGenerateSepa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ selection, version }: { selection: SepaSelection; version: Pain008Version }) =>
      generateSepa(selection, version),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sepa-preview'] });
      await queryClient.invalidateQueries({ queryKey: ['sepa-batches'] });
    },
  });
}
