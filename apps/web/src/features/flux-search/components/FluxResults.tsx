import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FluxRow } from '../api/flux-row';
import type { FluxSearchResult } from '../hooks/use-flux-search';
import { fluxSearchMessages as m } from '../messages';
import { useFluxColumns } from '../hooks/use-flux-columns';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import { FluxResultsCards } from './FluxResultsCards';
import { FluxResultsFooter } from './FluxResultsFooter';
import { FluxResultsTable } from './FluxResultsTable';
import { OtherSeasonsHint } from './OtherSeasonsHint';
import { ErrorAlert } from '@/components/ErrorAlert';

interface FluxResultsProps {
  search: FluxSearchResult;
  onOpen: (row: FluxRow) => void;
  onDownloadJustificatif: (row: FluxRow) => void;
}

/** Results and their states: not searched yet, loading, error, empty, rows (cards on a phone). */
export function FluxResults({ search, onOpen, onDownloadJustificatif }: FluxResultsProps) {
  const phone = usePhoneLayout();
  const columns = useFluxColumns();
  if (search.invalidLink) return <Alert severity="warning">{m.invalidLink}</Alert>;
  if (search.status === 'idle') return <Typography color="text.secondary">{m.notSearched}</Typography>;
  if (search.status === 'error') return <ErrorAlert onRetry={search.retry}>{m.error}</ErrorAlert>;
  if (search.status === 'loading')
    return (
      <Stack spacing={1} aria-busy="true" aria-label={m.loading}>
        <LinearProgress />
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} variant="rectangular" height={32} />
        ))}
      </Stack>
    );
  if (search.rows.length === 0) return <OtherSeasonsHint search={search} />;
  return (
    <Paper variant="outlined">
      {search.refreshing && <LinearProgress aria-label={m.loading} />}
      {phone ? (
        <FluxResultsCards
          rows={search.rows}
          columns={columns}
          virtual={search.state.pageSize === 'all'}
          actions={{ open: onOpen, downloadJustificatif: onDownloadJustificatif }}
        />
      ) : (
        <FluxResultsTable
          rows={search.rows}
          columns={columns}
          sort={search.state.sort}
          onSortChange={search.setSort}
          virtual={search.state.pageSize === 'all'}
          actions={{ open: onOpen, downloadJustificatif: onDownloadJustificatif }}
          withReason={search.state.filters?.status === 'rejete' || Boolean(search.state.filters?.selection)}
        />
      )}
      <FluxResultsFooter
        state={search.state}
        total={search.total}
        shown={search.rows.length}
        onPageChange={search.setPage}
        onPageSizeChange={search.setPageSize}
      />
    </Paper>
  );
}
