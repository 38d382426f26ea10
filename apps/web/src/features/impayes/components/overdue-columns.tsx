import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import {
  AGEING_BUCKETS,
  formatEuros,
  formatIsoDay,
  type OverdueRow,
  type OverdueSortKey,
  type SortDirection,
} from '@gdf/domain';
import type { ReactNode } from 'react';
import type { DataColumn } from '@/components/DataTable';
import { StructureSituationLink } from '@/components/StructureSituationLink';
import { impayesMessages as m } from '../messages';

export interface OverdueSort {
  key: OverdueSortKey;
  direction: SortDirection;
}

/** What the columns need from the table: sort, selection and the row actions. */
export interface OverdueColumnContext {
  sort: OverdueSort;
  sortOn: (key: OverdueSortKey) => void;
  selected: ReadonlySet<number>;
  /** The selectable rows shown on the page. */
  shownIds: number[];
  toggle: (ids: number[], on: boolean) => void;
  ownStructureId: number;
  onRemind: (row: OverdueRow) => void;
  onDownloadLast: (row: OverdueRow) => void;
  lastReminderAction?: (letter: { id: number }) => ReactNode;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

function SelectAll({ context }: { context: OverdueColumnContext }) {
  const { shownIds, selected } = context;
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.has(id));
  const someShown = shownIds.some((id) => selected.has(id));
  return (
    <Checkbox
      checked={allShown}
      indeterminate={someShown && !allShown}
      onChange={(event) => context.toggle(shownIds, event.target.checked)}
      slotProps={{ input: { 'aria-label': m.selectAll } }}
    />
  );
}

function SelectRow({ row, context }: { row: OverdueRow; context: OverdueColumnContext }) {
  const own = row.structure.id === context.ownStructureId;
  return (
    <Checkbox
      checked={context.selected.has(row.structure.id)}
      disabled={own}
      title={own ? m.ownStructure : undefined}
      onChange={(event) => context.toggle([row.structure.id], event.target.checked)}
      slotProps={{ input: { 'aria-label': m.selectRow(row.structure.name) } }}
    />
  );
}

function StructureCell({ row }: { row: OverdueRow }) {
  return (
    <>
      {/* The structure's page: its balance, flux, letters and statements. */}
      <StructureSituationLink structureId={row.structure.id}>{row.structure.name}</StructureSituationLink>
      {row.structure.code && (
        <Typography variant="caption" component="div" color="text.secondary">
          {row.structure.code}
        </Typography>
      )}
    </>
  );
}

function LastReminderCell({ row, context }: { row: OverdueRow; context: OverdueColumnContext }) {
  if (!row.lastReminder) return m.never;
  return (
    <>
      {m.lastReminder(row.lastReminder.level, formatIsoDay(row.lastReminder.date))}
      <IconButton
        size="small"
        aria-label={m.downloadLast(row.structure.name)}
        onClick={() => context.onDownloadLast(row)}
      >
        <Download fontSize="small" />
      </IconButton>
      {context.lastReminderAction?.(row.lastReminder)}
    </>
  );
}

function RemindCell({ row, context }: { row: OverdueRow; context: OverdueColumnContext }) {
  if (row.structure.id === context.ownStructureId)
    return (
      <Typography variant="caption" color="text.secondary" component="span">
        <Button size="small" aria-label={m.remindOneLabel(row.structure.name)} disabled>
          {m.remindOne}
        </Button>
        {m.ownStructure}
      </Typography>
    );
  return (
    <Button size="small" aria-label={m.remindOneLabel(row.structure.name)} onClick={() => context.onRemind(row)}>
      {m.remindOne}
    </Button>
  );
}

/** A sortable column: its header sorts by the key (the sort labels are buttons). */
const sortable = (
  key: OverdueSortKey,
  label: string,
  context: OverdueColumnContext,
  column: Omit<DataColumn<OverdueRow>, 'id' | 'header' | 'sort'>,
): DataColumn<OverdueRow> => ({
  ...column,
  id: key,
  header: label,
  sort: {
    active: context.sort.key === key,
    direction: context.sort.direction,
    onSort: () => context.sortOn(key),
    title: m.sortBy(label),
  },
});

/** The overdue list's columns: selection, structure, ageing buckets, totals, last letter, action. */
export const overdueColumns = (context: OverdueColumnContext): DataColumn<OverdueRow>[] => [
  {
    id: 'select',
    header: <SelectAll context={context} />,
    padding: 'checkbox',
    cell: (row) => <SelectRow row={row} context={context} />,
  },
  sortable('structure', m.columns.structure, context, {
    align: 'left',
    rowHeader: true,
    cell: (row) => <StructureCell row={row} />,
  }),
  ...AGEING_BUCKETS.map((bucket) =>
    sortable(bucket, m.columns.buckets[bucket], context, {
      align: 'right',
      sx: nowrap,
      cell: (row) => (row.buckets[bucket] === 0 ? '—' : formatEuros(row.buckets[bucket])),
    }),
  ),
  sortable('total', m.columns.total, context, {
    align: 'right',
    sx: { ...nowrap, fontWeight: 600 },
    cell: (row) => formatEuros(row.total),
  }),
  sortable('resteDu', m.columns.resteDu, context, {
    align: 'right',
    sx: nowrap,
    cell: (row) => formatEuros(row.resteDu),
  }),
  sortable('oldestDaysLate', m.oldestDaysLate, context, {
    align: 'right',
    sx: nowrap,
    cell: (row) => m.daysLate(row.oldestDaysLate),
  }),
  sortable('lastReminder', m.columns.lastReminder, context, {
    align: 'left',
    cell: (row) => <LastReminderCell row={row} context={context} />,
  }),
  { id: 'actions', header: m.columns.actions, cell: (row) => <RemindCell row={row} context={context} /> },
];
