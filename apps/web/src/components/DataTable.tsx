import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { Fragment, type Key, type ReactNode } from 'react';
import { componentMessages } from './messages';
import { visuallyHidden } from './visually-hidden';

/** One column: its header, how a row fills its cell, and optionally how it sorts. */
export interface DataColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: TableCellProps['align'];
  padding?: TableCellProps['padding'];
  /** Style of the body cells. */
  sx?: SxProps<Theme>;
  /** The header is read by assistive technologies only (an actions or toggle column). */
  headerHidden?: boolean;
  /** A sortable header: whether it is the sort in force, its direction, and what a click does. */
  sort?: { active: boolean; direction: 'asc' | 'desc'; onSort: () => void; title?: string };
  /** The body cells name their row (th scope="row"). */
  rowHeader?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label?: string;
  columns: readonly (DataColumn<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  size?: 'small' | 'medium';
  /** A table without header row (label and value pairs, each row named by its first cell). */
  noHeader?: boolean;
  /**
   * 'paper': the scroll container is an outlined paper; 'framed': an outlined paper holds the scroll
   * container and what is `below`; 'plain': a bare scroll container; 'none': the table alone.
   */
  container?: 'paper' | 'framed' | 'plain' | 'none';
  containerSx?: SxProps<Theme>;
  tableSx?: SxProps<Theme>;
  /** A row spanning every column when there is no row (and nothing is loading). */
  empty?: ReactNode;
  /** A spinner row in place of the rows. */
  loading?: boolean;
  loadingLabel?: string;
  /** Props of each body row (selected, hover, aria-current…). */
  rowProps?: (row: Row) => TableRowProps;
  /** Rows added after each row (a detail spanning the columns, given their count). */
  rowDetail?: (row: Row, columnCount: number) => ReactNode;
  /** Rows of a footer (totals). */
  footer?: ReactNode;
  /** Shown under the table inside the 'framed' paper (a pagination). */
  below?: ReactNode;
}

function HeaderContent<Row>({ column }: { column: DataColumn<Row> }) {
  const { sort } = column;
  if (column.headerHidden)
    return (
      <Box component="span" sx={visuallyHidden}>
        {column.header}
      </Box>
    );
  if (!sort) return column.header;
  return (
    <TableSortLabel
      active={sort.active}
      direction={sort.active ? sort.direction : 'asc'}
      onClick={sort.onSort}
      title={sort.title}
    >
      {column.header}
    </TableSortLabel>
  );
}

function HeaderCell<Row>({ column }: { column: DataColumn<Row> }) {
  return (
    <TableCell
      align={column.align}
      padding={column.padding}
      sortDirection={column.sort?.active ? column.sort.direction : false}
      sx={column.headerHidden ? { position: 'relative' } : undefined}
    >
      <HeaderContent column={column} />
    </TableCell>
  );
}

function FullRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={span}>{children}</TableCell>
    </TableRow>
  );
}

function Body<Row>({ props, columns }: { props: DataTableProps<Row>; columns: readonly DataColumn<Row>[] }) {
  const { rows, loading, empty } = props;
  if (loading) {
    return (
      <FullRow span={columns.length}>
        <CircularProgress size={24} aria-label={props.loadingLabel ?? componentMessages.loading} />
      </FullRow>
    );
  }
  if (rows.length === 0 && empty !== undefined) return <FullRow span={columns.length}>{empty}</FullRow>;
  return rows.map((row) => (
    <Fragment key={props.rowKey(row)}>
      <TableRow {...props.rowProps?.(row)}>
        {columns.map((column) => (
          <TableCell
            key={column.id}
            align={column.align}
            padding={column.padding}
            sx={column.sx}
            {...(column.rowHeader && { component: 'th', scope: 'row' })}
          >
            {column.cell(row)}
          </TableCell>
        ))}
      </TableRow>
      {props.rowDetail?.(row, columns.length)}
    </Fragment>
  ));
}

/** The shared table: columns defined once, header, rows, empty and loading states, footer. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const columns = props.columns.filter((column): column is DataColumn<Row> => Boolean(column));
  const table = (
    <Table size={props.size ?? 'small'} aria-label={props.label} sx={props.tableSx}>
      {!props.noHeader && (
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <HeaderCell key={column.id} column={column} />
            ))}
          </TableRow>
        </TableHead>
      )}
      <TableBody>
        <Body props={props} columns={columns} />
      </TableBody>
      {props.footer && <TableFooter>{props.footer}</TableFooter>}
    </Table>
  );
  const container = props.container ?? 'paper';
  if (container === 'none') return table;
  if (container === 'framed') {
    return (
      <Paper variant="outlined">
        <TableContainer sx={props.containerSx}>{table}</TableContainer>
        {props.below}
      </Paper>
    );
  }
  return container === 'paper' ? (
    <TableContainer component={Paper} variant="outlined" sx={props.containerSx}>
      {table}
    </TableContainer>
  ) : (
    <TableContainer sx={props.containerSx}>{table}</TableContainer>
  );
}
