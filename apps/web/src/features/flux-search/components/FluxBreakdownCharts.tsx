import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { FLUX_CATEGORY_NAMES, type BreakdownBar, type FluxCategoryId, type FluxWhere } from '@gdf/domain';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/ErrorAlert';
import { useCurrentStructure } from '@/lib/session';
import { fetchFluxBreakdown } from '../api/fetch-flux-breakdown';
import { FLUX_SEARCH_QUERY_KEY } from '../hooks/use-flux-search';
import { fluxSearchMessages as m } from '../messages';
import { barEuros, breakdownAxes } from './breakdown-chart-axes';

const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (key: string) => MONTH.format(new Date(`${key}-01T00:00:00Z`));
const categoryLabel = (key: number) => FLUX_CATEGORY_NAMES[key as FluxCategoryId] ?? String(key);

/** Débit and crédit by month and by category of the current search (R-SEARCH-14), in euros. */
export default function FluxBreakdownCharts({ where }: { where: FluxWhere }) {
  const { structureId } = useCurrentStructure();
  const query = useQuery({
    queryKey: [FLUX_SEARCH_QUERY_KEY, 'breakdown', structureId, where],
    queryFn: ({ signal }) => fetchFluxBreakdown(structureId, where, signal),
  });
  if (query.isError) return <ErrorAlert onRetry={() => void query.refetch()}>{m.chartError}</ErrorAlert>;
  if (!query.data) return <Typography color="text.secondary">{m.chartLoading}</Typography>;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Chart title={m.chartByMonth} bars={query.data.byMonth} label={monthLabel} layout="vertical" />
      <Chart title={m.chartByCategory} bars={query.data.byCategory} label={categoryLabel} layout="horizontal" />
    </Stack>
  );
}

function Chart<K>({
  title,
  bars,
  label,
  layout,
}: {
  title: string;
  bars: BreakdownBar<K>[];
  label: (key: K) => string;
  layout: 'vertical' | 'horizontal';
}) {
  return (
    <figure style={{ margin: 0, flex: 1, minWidth: 0 }}>
      <Typography component="figcaption" variant="subtitle2">
        {title}
      </Typography>
      <BarChart
        height={layout === 'horizontal' ? Math.max(220, 60 + bars.length * 36) : 240}
        layout={layout}
        {...breakdownAxes(bars, label, layout)}
        series={[
          { label: m.columns.debit, data: bars.map((bar) => bar.debit / 100), valueFormatter: barEuros },
          { label: m.columns.credit, data: bars.map((bar) => bar.credit / 100), valueFormatter: barEuros },
        ]}
      />
    </figure>
  );
}
