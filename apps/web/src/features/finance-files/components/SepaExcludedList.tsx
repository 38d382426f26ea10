import type { SepaExcludedStructure } from '@gdf/domain';
import Typography from '@mui/material/Typography';
import { sepaMessages } from '../messages';
import { SepaStructureTable } from './SepaStructureTable';

const reasonOf = (structure: SepaExcludedStructure) => structure.motif;

/**
 * Structures left out of the file (no RIB, mandate expired, EPC rules...), never silently
 * dropped; those matching `query`, a page at a time.
 */
export function SepaExcludedList({
  excluded,
  title = sepaMessages.excludedTitle,
  label = sepaMessages.excludedLabel,
  query = '',
}: {
  excluded: readonly SepaExcludedStructure[];
  title?: string;
  label?: string;
  query?: string;
}) {
  if (excluded.length === 0) return null;
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {title} ({excluded.length})
      </Typography>
      <SepaStructureTable rows={excluded} label={label} query={query} reasonOf={reasonOf} />
    </>
  );
}
