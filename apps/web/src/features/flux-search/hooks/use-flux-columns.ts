import { HEAD_OFFICE_STRUCTURE_ID } from '@gdf/domain';
import { useMemo } from 'react';
import { useCurrentStructure } from '@/lib/session';
import { exportAmountColumns, exportFields, visibleFluxColumns } from '../columns/column-views';
import type { FluxViewer } from '../columns/flux-column-types';
import { FLUX_COLUMNS, FLUX_FIELDS } from '../columns/flux-columns';

/** The columns of anyone but the head office: what a component shows unless told the viewer's. */
export const ANYONE_COLUMNS = visibleFluxColumns({ headOffice: false }, FLUX_COLUMNS, FLUX_FIELDS);

/** Who is looking: the head office (acting as 1318) sees its own columns (R-SCOPE-07). */
export function useFluxViewer(): FluxViewer {
  const { structureId } = useCurrentStructure();
  const headOffice = structureId === HEAD_OFFICE_STRUCTURE_ID;
  return useMemo(() => ({ headOffice }), [headOffice]);
}

/** The results' columns the current viewer may see (table, cards, export). */
export function useFluxColumns() {
  const viewer = useFluxViewer();
  return useMemo(() => visibleFluxColumns(viewer, FLUX_COLUMNS, FLUX_FIELDS), [viewer]);
}

/** The export of what the viewer sees (R-SEARCH-17): its fields and its euro columns. */
export function useFluxExport() {
  const columns = useFluxColumns();
  return useMemo(() => ({ fields: exportFields(columns), amountColumns: exportAmountColumns(columns) }), [columns]);
}
