import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import {
  AGEING_BUCKETS,
  formatEuros,
  formatIsoDay,
  type OverdueRow,
  type OverdueSortKey,
  type SortDirection,
} from '@gdf/domain';
import { useState, type ReactNode } from 'react';
import { impayesMessages as m } from '../messages';
import { StructureSituationLink } from '@/components/StructureSituationLink';

export interface OverdueSort {
  key: OverdueSortKey;
  direction: SortDirection;
}

interface OverdueTableProps {
  /** Already sorted (the page sorts with the domain's rule, as the export does). */
  rows: readonly OverdueRow[];
  sort: OverdueSort;
  onSort: (sort: OverdueSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  onRemind: (row: OverdueRow) => void;
  onDownloadLast: (row: OverdueRow) => void;
  /** The current structure: listed with its own debts, never sent a letter by itself. */
  ownStructureId: number;
  /** More beside a row's last letter (its e-mail delivery, given by the page that composes this one). */
  lastReminderAction?: (letter: { id: number }) => ReactNode;
}

const PAGE_SIZES = [25, 50, 100];
const HEADERS: ReadonlyArray<{ key: OverdueSortKey; label: string; numeric: boolean }> = [
  { key: 'structure', label: m.columns.structure, numeric: false },
  ...AGEING_BUCKETS.map((bucket) => ({ key: bucket, label: m.columns.buckets[bucket], numeric: true })),
  { key: 'total', label: m.columns.total, numeric: true },
  { key: 'resteDu', label: m.columns.resteDu, numeric: true },
  { key: 'lastReminder', label: m.columns.lastReminder, numeric: false },
];

/**
 * The overdue list: every column sorts (the sort labels are buttons, so Tab and Enter sort
 * too), rows are selected for a batch of letters, and a page shows 25 to 100 structures.
 */
export function OverdueTable({
  rows,
  sort,
  onSort,
  selected,
  onSelect,
  onRemind,
  onDownloadLast,
  ownStructureId,
  lastReminderAction,
}: OverdueTableProps) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shown = rows.slice(Math.min(page, lastPage) * pageSize, (Math.min(page, lastPage) + 1) * pageSize);
  const shownIds = shown.map((row) => row.structure.id).filter((id) => id !== ownStructureId);
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.has(id));
  const someShown = shownIds.some((id) => selected.has(id));

  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelect(next);
  };
  const sortOn = (key: OverdueSortKey) =>
    onSort({
      key,
      direction: sort.key === key ? (sort.direction === 'asc' ? 'desc' : 'asc') : key === 'structure' ? 'asc' : 'desc',
    });

  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={m.tableLabel}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allShown}
                  indeterminate={someShown && !allShown}
                  onChange={(event) => toggle(shownIds, event.target.checked)}
                  slotProps={{ input: { 'aria-label': m.selectAll } }}
                />
              </TableCell>
              {HEADERS.map((header) => (
                <TableCell
                  key={header.key}
                  align={header.numeric ? 'right' : 'left'}
                  sortDirection={sort.key === header.key ? sort.direction : false}
                >
                  <TableSortLabel
                    active={sort.key === header.key}
                    direction={sort.key === header.key ? sort.direction : 'asc'}
                    onClick={() => sortOn(header.key)}
                    title={m.sortBy(header.label)}
                  >
                    {header.label}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell>{m.columns.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.structure.id} hover selected={selected.has(row.structure.id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(row.structure.id)}
                    disabled={row.structure.id === ownStructureId}
                    title={row.structure.id === ownStructureId ? m.ownStructure : undefined}
                    onChange={(event) => toggle([row.structure.id], event.target.checked)}
                    slotProps={{ input: { 'aria-label': m.selectRow(row.structure.name) } }}
                  />
                </TableCell>
                <TableCell component="th" scope="row">
                  {/* The structure's page: its balance, flux, letters and statements. */}
                  <StructureSituationLink structureId={row.structure.id}>{row.structure.name}</StructureSituationLink>
                  {row.structure.code && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {row.structure.code}
                    </Typography>
                  )}
                </TableCell>
                {AGEING_BUCKETS.map((bucket) => (
                  <TableCell key={bucket} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {row.buckets[bucket] === 0 ? '—' : formatEuros(row.buckets[bucket])}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {formatEuros(row.total)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuros(row.resteDu)}
                </TableCell>
                <TableCell>
                  {row.lastReminder ? (
                    <>
                      {m.lastReminder(row.lastReminder.level, formatIsoDay(row.lastReminder.date))}
                      <IconButton
                        size="small"
                        aria-label={m.downloadLast(row.structure.name)}
                        onClick={() => onDownloadLast(row)}
                      >
                        <Download fontSize="small" />
                      </IconButton>
                      {lastReminderAction?.(row.lastReminder)}
                    </>
                  ) : (
                    m.never
                  )}
                </TableCell>
                <TableCell>
                  {row.structure.id === ownStructureId ? (
                    <Typography variant="caption" color="text.secondary" component="span">
                      <Button size="small" aria-label={m.remindOneLabel(row.structure.name)} disabled>
                        {m.remindOne}
                      </Button>
                      {m.ownStructure}
                    </Typography>
                  ) : (
                    <Button
                      size="small"
                      aria-label={m.remindOneLabel(row.structure.name)}
                      onClick={() => onRemind(row)}
                    >
                      {m.remindOne}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={Math.min(page, lastPage)}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={m.rowsPerPage}
        labelDisplayedRows={m.displayedRows}
      />
    </>
  );
}
