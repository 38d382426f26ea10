import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type Key, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { statisticsMessages as m } from '../messages';
import { useDrillDown } from './DrillLink';
import { StatBarChart } from './StatBarChart';

/** A chart of one bar per row: its label, its amounts, and the flux search a click on it opens. */
interface RowBars<Row> {
  label: (row: Row) => string;
  series: readonly { label: string; cents: (row: Row) => number }[];
  layout?: 'vertical' | 'horizontal';
  recherche?: (row: Row) => string;
}

interface StatFigureProps<Row> {
  id: string;
  title: string;
  /** The figure's chart, one bar per row; or `chart`, drawn by the caller. */
  bars?: RowBars<Row>;
  chart?: ReactNode;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
}

function RowsChart<Row>({ rows, bars }: { rows: readonly Row[]; bars: RowBars<Row> }) {
  const drillDown = useDrillDown();
  const { recherche } = bars;
  return (
    <StatBarChart
      layout={bars.layout}
      labels={rows.map(bars.label)}
      series={bars.series.map((series) => ({ label: series.label, cents: rows.map(series.cents) }))}
      onBarClick={recherche && ((index) => drillDown(rows[index] ? recherche(rows[index]) : ''))}
    />
  );
}

/**
 * One figure: its chart and, a click away ('Voir le tableau'), the same values as a table whose
 * figures link to the flux search (R-UI-11: what the chart shows is read without it).
 */
export function StatFigure<Row>({ id, title, bars, chart, columns, rows, rowKey }: StatFigureProps<Row>) {
  const drawn = chart ?? (bars && <RowsChart rows={rows} bars={bars} />);
  const [open, setOpen] = useState(drawn === undefined);
  const tableId = `${id}-tableau`;
  return (
    <Box component="figure" aria-labelledby={`${id}-titre`} sx={{ m: 0, minWidth: 0, flex: '1 1 360px' }}>
      <Typography id={`${id}-titre`} component="figcaption" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{m.none}</Typography>
      ) : (
        <>
          {drawn}
          {drawn !== undefined && (
            <Button
              size="small"
              aria-expanded={open}
              aria-controls={open ? tableId : undefined}
              onClick={() => setOpen(!open)}
            >
              {open ? m.hideTable : m.showTable}
            </Button>
          )}
          {open && (
            <Box id={tableId} sx={{ mt: 1 }}>
              <DataTable label={title} columns={columns} rows={rows} rowKey={rowKey} />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
