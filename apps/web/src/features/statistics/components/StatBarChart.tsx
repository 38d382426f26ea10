import { formatEuros } from '@gdf/domain';
import { BarChart } from '@mui/x-charts/BarChart';

/** R-UI-18: an axis tick in fr-FR whole euros ('30 000'). */
const WHOLE_EUROS = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const tick = (euros: number | null) => (euros === null ? '' : WHOLE_EUROS.format(euros));
/** A bar's value, to the cent ('1 234,50 €'). */
const exact = (euros: number | null) => (euros === null ? '' : formatEuros(Math.round(euros * 100)));
const everyLabel = () => true;

interface StatSeries {
  label: string;
  /** One amount in cents per label. */
  cents: readonly number[];
  /** Stacked series share a key (a month's categories). */
  stack?: string;
}

interface StatBarChartProps {
  labels: readonly string[];
  series: readonly StatSeries[];
  layout?: 'vertical' | 'horizontal';
  /** A click on a bar: its label's and its series' indexes (the table's links do the same by keyboard). */
  onBarClick?: (index: number, series: number) => void;
}

/** Amounts in euros by label, in fr-FR, every label kept (R-UI-18). */
export function StatBarChart({ labels, series, layout = 'vertical', onBarClick }: StatBarChartProps) {
  const band = { scaleType: 'band' as const, data: [...labels], tickLabelInterval: everyLabel };
  const amounts = { valueFormatter: tick };
  const horizontal = layout === 'horizontal';
  return (
    <BarChart
      height={horizontal ? Math.max(200, 60 + labels.length * 32) : 260}
      layout={layout}
      xAxis={[horizontal ? { ...amounts, height: 30 } : { ...band, height: labels.length > 6 ? 56 : 30 }]}
      yAxis={[horizontal ? { ...band, width: 150 } : { ...amounts, width: 72 }]}
      series={series.map((item, index) => ({
        id: String(index),
        label: item.label,
        data: item.cents.map((cents) => cents / 100),
        valueFormatter: exact,
        ...(item.stack ? { stack: item.stack } : {}),
      }))}
      onItemClick={onBarClick ? (_event, bar) => onBarClick(bar.dataIndex, Number(bar.seriesId)) : undefined}
    />
  );
}
