import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatEuros, type JobView } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CenteredProgress } from '@/components/CenteredProgress';
import { ErrorAlert } from '@/components/ErrorAlert';
import { RouteLink } from '@/components/RouteLink';
import { fetchBulkLot } from '../api/invoicing-api';
import { creationFacturesMessages as m } from '../messages';

/**
 * R-INV-09: what a finished lot issued (count, total, each invoice opening its page) and the
 * structures it left out with their reason, read from the lot once its job is over.
 */
export function BulkReport({ structureId, lotId, job }: { structureId: number; lotId: number; job: JobView }) {
  const lot = useQuery({
    queryKey: ['creation-factures', 'lot', structureId, lotId],
    queryFn: ({ signal }) => fetchBulkLot(structureId, lotId, signal),
  });
  const total = job.resultat?.totalCentimes;
  if (lot.isPending) return <CenteredProgress label={m.bulkReport.loading} />;
  if (lot.isError)
    return (
      <ErrorAlert error={lot.error} onRetry={() => void lot.refetch()}>
        {m.bulkReport.error}
      </ErrorAlert>
    );
  const { emises, ignorees } = lot.data;
  return (
    <Stack component="section" aria-label={m.bulkReport.title} spacing={1}>
      <Typography variant="h6" component="h2">
        {m.bulkReport.title}
      </Typography>
      <Alert severity={emises.length > 0 ? 'success' : 'warning'}>
        {m.bulkReport.issued(emises.length, typeof total === 'number' ? formatEuros(total) : null)}
      </Alert>
      <ReportList title={m.bulkReport.invoices}>
        {emises.map((row) => (
          <li key={row.fluxId}>
            <RouteLink to="flux_facture" params={{ id: row.fluxId }}>
              {m.bulkReport.open(row.numero, row.structure)}
            </RouteLink>
          </li>
        ))}
      </ReportList>
      <ReportList title={m.bulkReport.leftOut}>
        {ignorees.map((row) => (
          <li key={row.structureId}>{m.bulkReport.leftOutLine(row.structure, row.raison)}</li>
        ))}
      </ReportList>
    </Stack>
  );
}

/** A titled list of the report, left out when it has no item. */
function ReportList({ title, children }: { title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <ul aria-label={title} style={{ margin: 0, paddingLeft: 20 }}>
        {children}
      </ul>
    </>
  );
}
