import type { Pain008Version, SepaGenerated } from '@gdf/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-file';
import type { SepaSelection } from './sepa-preview';

/**
 * POST /api/exports/sepa/prelevements (JSON): generates the batch and saves its XML (sent in
 * the JSON with its name, so no Content-Disposition to read); the answer also lists the structures the pre-flight gate left out, with their reason.
 */
async function generateSepa(selection: SepaSelection, version: Pain008Version): Promise<SepaGenerated> {
  const generated = await apiFetch<SepaGenerated>(
    `/api/exports/sepa/prelevements?structureId=${selection.structureId}`,
    {
      method: 'POST',
      body: {
        dateEcheance: selection.dateEcheance,
        categories: selection.categories,
        version,
        ...(selection.saison === undefined ? {} : { saison: selection.saison }),
      },
    },
  );
  saveBlob(new Blob([generated.xml], { type: 'application/xml' }), generated.fileName);
  return generated;
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
