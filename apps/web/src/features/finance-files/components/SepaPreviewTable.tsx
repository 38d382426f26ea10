import type { SepaPreview } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import { sepaMessages } from '../messages';
import { SepaStructureTable } from './SepaStructureTable';

/**
 * The flux to collect, one row per structure, with the file's count and total. Hundreds of
 * structures (R-SEPA-10): only those matching `query` (name or federal code), a page at a time.
 */
export function SepaPreviewTable({ preview, query = '' }: { preview: SepaPreview; query?: string }) {
  if (preview.structures.length === 0) return <Alert severity="info">{sepaMessages.nothingToCollect}</Alert>;
  return (
    <SepaStructureTable rows={preview.structures} label={sepaMessages.previewLabel} query={query} total={preview} />
  );
}
