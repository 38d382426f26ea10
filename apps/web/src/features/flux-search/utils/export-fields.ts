import { exportFields, visibleFluxColumns } from '../columns/column-views';
import { FLUX_COLUMNS, FLUX_FIELDS } from '../columns/flux-columns';

const EVERYONE = visibleFluxColumns({ headOffice: false }, FLUX_COLUMNS, FLUX_FIELDS);

/**
 * R-SEARCH-17, export columns: N° de flux, Structure, Libellé, Débit, Crédit, Date création, as
 * anyone but the head office exports them (derived from the column definition; the page
 * exports what its viewer sees: useFluxExport).
 */
export const FLUX_EXPORT_FIELDS = exportFields(EVERYONE);
