import type { BankEntryFilter, BankEntryView } from '@gdf/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ENTRIES_PAGE_SIZE, useBankEntries } from '../api/bank-entries';
import { bankErrorText } from '../error-text';
import { bankStatementMessages as m } from '../messages';
import { BankEntryItem } from './BankEntryItem';
import { periodText } from './format';

const FILTERS: readonly BankEntryFilter[] = ['a_traiter', 'rapprochees', 'toutes'];

/** 'À traiter', 'Rapprochées' or 'Toutes', and how many entries the filter holds. */
function EntryFilterBar({
  filter,
  total,
  onChange,
}: {
  filter: BankEntryFilter;
  total: number | undefined;
  onChange: (filter: BankEntryFilter) => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={m.filterLabel}
        value={filter}
        onChange={(_event, value: BankEntryFilter | null) => {
          if (value) onChange(value); // exclusive: one filter stays chosen
        }}
      >
        {FILTERS.map((item) => (
          <ToggleButton key={item} value={item}>
            {m.filters[item]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {total !== undefined && (
        <Typography variant="body2" color="text.secondary">
          {m.entryCount(total)}
        </Typography>
      )}
    </Stack>
  );
}

/** The page's entries, or what the filter holds when there is none. */
function EntryItems({
  entries,
  emptyText,
  ...item
}: {
  entries: readonly BankEntryView[];
  /** Null while the previous page is still shown. */
  emptyText: string | null;
  structureId: number;
  canWrite: boolean;
  onDone: (message: string) => void;
}) {
  if (entries.length === 0)
    return (
      emptyText && (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      )
    );
  return (
    <Stack component="ul" spacing={1.5} aria-label={m.entriesLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry) => (
        <BankEntryItem key={entry.id} entry={entry} {...item} defaultOpen={entries.length === 1} />
      ))}
    </Stack>
  );
}

/**
 * The entries of one statement: 'À traiter' first (credits with their proposals), else the
 * reconciled ones or all; a page at a time. A confirm or undo refreshes the list and the
 * statement's counts (the mutations invalidate the queries), and says what it did here,
 * since the entry leaves the filtered list.
 */
export function BankEntryList({
  structureId,
  statementId,
  canWrite,
}: {
  structureId: number;
  statementId: number;
  canWrite: boolean;
}) {
  const [filter, setFilter] = useState<BankEntryFilter>('a_traiter');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const entries = useBankEntries(structureId, { statementId, filter, page });
  const data = entries.data;
  const pageCount = data ? Math.ceil(data.total / ENTRIES_PAGE_SIZE) : 0;
  // The last entry of the last page confirmed: show the page before rather than an empty one.
  if (data && !entries.isPlaceholderData && page > 1 && page > pageCount) setPage(Math.max(1, pageCount));

  return (
    <Box sx={{ mt: 2 }}>
      {data && (
        <Typography component="h3" variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
          {m.entriesTitle(data.releve.identifiant, periodText(data.releve.dateDebut, data.releve.dateFin))}
        </Typography>
      )}
      <EntryFilterBar
        filter={filter}
        total={data?.total}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
          setNotice(null);
        }}
      />
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {entries.isPending && <CircularProgress aria-label={m.entriesLoading} size={28} />}
      {entries.isError && (
        <ErrorAlert error={entries.error} onRetry={() => void entries.refetch()}>
          {bankErrorText(entries.error, m.entriesError)}
        </ErrorAlert>
      )}
      {data && (
        <EntryItems
          entries={data.ecritures}
          emptyText={entries.isPlaceholderData ? null : m.empty[filter]}
          structureId={structureId}
          canWrite={canWrite}
          onDone={setNotice}
        />
      )}
      {pageCount > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={pageCount}
          page={Math.min(page, pageCount)}
          onChange={(_event, next) => setPage(next)}
          aria-label={m.pagination}
          getItemAriaLabel={(type, item, selected) => m.pageLabel(type, item, selected)}
        />
      )}
    </Box>
  );
}
