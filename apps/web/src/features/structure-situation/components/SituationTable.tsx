import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DataTable } from '@/components/DataTable';
import { LabelledValues } from '@/components/LabelledValues';
import { usePhoneLayout } from '../hooks/use-phone-layout';

export interface SituationColumn<Row> {
  key: string;
  label: string;
  align?: 'right';
  render: (row: Row) => ReactNode;
}

interface SituationTableProps<Row> {
  /** The table's accessible name (its caption). */
  label: string;
  columns: readonly SituationColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: string;
}

/**
 * One section's rows: a table, or on a phone one card per row (label and value pairs), so
 * nothing runs past the screen's edge. The table scrolls sideways in its own box when narrow.
 */
export function SituationTable<Row>({ label, columns, rows, rowKey, empty }: SituationTableProps<Row>) {
  const phone = usePhoneLayout();
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  if (phone)
    return (
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box component="li" key={rowKey(row)} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <LabelledValues
              items={columns.map((column) => ({ key: column.key, label: column.label, value: column.render(row) }))}
            />
          </Box>
        ))}
      </Box>
    );
  return (
    <DataTable
      label={label}
      container="plain"
      columns={columns.map((column) => ({
        id: column.key,
        header: column.label,
        cell: column.render,
        align: column.align,
        sx: { overflowWrap: 'anywhere' },
      }))}
      rows={rows}
      rowKey={rowKey}
    />
  );
}
