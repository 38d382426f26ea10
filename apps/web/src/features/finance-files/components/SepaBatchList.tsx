import { SEPA_WRITE, type SepaBatch } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { DataTable } from '@/components/DataTable';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCancelSepaBatch } from '../api/cancel-sepa-batch';
import { useSepaBatches } from '../api/sepa-batches';
import { useSepaBatchPage } from '../hooks/use-sepa-batch-page';
import { sepaMessages } from '../messages';
import { batchColumns } from './sepa-batch-columns';

const errorText = (error: unknown) => (error instanceof ApiError && error.serverMessage) || sepaMessages.genericError;

/**
 * Past files, who made them and when, a page at a time and sorted by the server (R-UI-20),
 * downloadable again; a batch not yet answered for by
 * the bank can be cancelled by whoever holds the SEPA write grant (the server checks again).
 */
export function SepaBatchList({
  structureId,
  onDownload,
}: {
  structureId: number;
  onDownload: (batch: SepaBatch) => void;
}) {
  const { me, grants } = useSession();
  const mayCancel = me.isSuperAdmin || grants.includes(SEPA_WRITE);
  const { page, sortOf, pagination } = useSepaBatchPage();
  const batches = useSepaBatches(structureId, page);
  const cancellation = useCancelSepaBatch(structureId);
  const data = batches.data;
  const rows = data?.batches;
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {sepaMessages.batchesTitle}
      </Typography>
      {batches.isError && <Alert severity="error">{sepaMessages.genericError}</Alert>}
      {cancellation.isSuccess && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {sepaMessages.cancelBatchDone(
            rows?.find((b) => b.id === cancellation.data.id)?.NomFichier ?? String(cancellation.data.id),
            cancellation.data.nbFluxLiberes,
          )}
        </Alert>
      )}
      {cancellation.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(cancellation.error)}
        </Alert>
      )}
      {data?.total === 0 && <Alert severity="info">{sepaMessages.noBatches}</Alert>}
      {data && data.total > 0 && (
        <DataTable
          label={sepaMessages.batchesLabel}
          container="framed"
          columns={batchColumns(
            onDownload,
            mayCancel && {
              pendingId: cancellation.isPending ? cancellation.variables : null,
              onCancel: (batch) => cancellation.mutate(batch.id),
            },
            sortOf,
          )}
          rows={data.batches}
          rowKey={(batch) => batch.id}
          below={<TablePagination component="div" {...pagination(data.total)} />}
        />
      )}
    </>
  );
}
