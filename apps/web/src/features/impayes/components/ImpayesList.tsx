import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatIsoDay, type OverdueListPage, type OverdueRow } from '@gdf/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ApiError, formErrorText } from '@/lib/api-client';
import { downloadReminders } from '../api/impayes-api';
import { impayesMessages as m } from '../messages';
import { OverdueTable } from './OverdueTable';
import type { ImpayesActions } from './use-impayes-actions';
import { CLEARED_FILTERS, type useImpayesSearch } from './use-impayes-search';

interface ImpayesListProps {
  list: UseQueryResult<OverdueListPage>;
  searchState: ReturnType<typeof useImpayesSearch>;
  actions: ImpayesActions;
  structureId: number;
  lastReminderAction?: (letter: { id: number }) => ReactNode;
}

/** Selecting on one page keeps what was picked on the others. */
function selectOnPage(actions: ImpayesActions, rows: readonly OverdueRow[], ids: ReadonlySet<number>) {
  const next = new Map(actions.selected);
  for (const row of rows) {
    if (ids.has(row.structure.id)) next.set(row.structure.id, row);
    else next.delete(row.structure.id);
  }
  actions.setSelected(next);
}

/** The list's states: loading, an error (Réessayer only where trying again can help), empty, or the page. */
export function ImpayesList({ list, searchState, actions, structureId, lastReminderAction }: ImpayesListProps) {
  const { sort, filtered, update } = searchState;
  if (list.isPending) return <LinearProgress aria-label={m.loading} />;
  if (list.isError) {
    // A refused filter (400) is not helped by trying again: its French message says what to change.
    const retryable = !(list.error instanceof ApiError) || list.error.status >= 500;
    return (
      <ErrorAlert onRetry={retryable ? () => void list.refetch() : undefined}>
        {formErrorText(list.error, retryable ? m.loadError : m.badRequest)}
      </ErrorAlert>
    );
  }
  const { asOf, rows, total, page, parPage } = list.data;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {m.asOf(formatIsoDay(asOf))}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {m.found(total)}
      </Typography>
      <Typography role="status" variant="body2" sx={{ mb: 1 }}>
        {m.selected(actions.selected.size)}
      </Typography>
      {total === 0 ? (
        <Alert
          severity="info"
          action={
            filtered && (
              <Button color="inherit" size="small" onClick={() => update(CLEARED_FILTERS)}>
                {m.filters.clear}
              </Button>
            )
          }
        >
          {filtered ? m.noMatch : m.empty}
        </Alert>
      ) : (
        <OverdueTable
          rows={rows}
          paging={{ page, pageSize: parPage, total }}
          onPage={(next, size) => update({ page: String(next), parPage: String(size) })}
          sort={sort}
          onSort={(next) => update({ tri: next.key, ordre: next.direction })}
          selected={new Set(actions.selected.keys())}
          onSelect={(ids) => selectOnPage(actions, rows, ids)}
          onRemind={(row) => actions.openDialog([row])}
          ownStructureId={structureId}
          lastReminderAction={lastReminderAction}
          onDownloadLast={(row) =>
            void downloadReminders([row.lastReminder!.id], structureId).catch(actions.fail(m.downloadError))
          }
        />
      )}
    </>
  );
}
