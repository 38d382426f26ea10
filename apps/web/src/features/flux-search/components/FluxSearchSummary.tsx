import BarChartIcon from '@mui/icons-material/BarChart';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatEuros } from '@gdf/domain';
import { lazy, Suspense, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import type { FluxSearchResult } from '../hooks/use-flux-search';
import { useFluxTotals } from '../hooks/use-flux-totals';
import { fluxSearchMessages as m } from '../messages';

// The charts library is large: loaded when the chart is first unfolded.
const FluxBreakdownCharts = lazy(() => import('./FluxBreakdownCharts'));

/**
 * Under the count: what the listed flux billed, what settled them, the avoirs and refunds, and
 * their reste dû (R-SEARCH-14, R-BAL-03: the balance rule's figures and labels),
 * or 'Calculer les totaux' above the cap; and the chart by month and category, folded.
 */
export function FluxSearchSummary({ search }: { search: FluxSearchResult }) {
  const totals = useFluxTotals(search);
  const [chartOpen, setChartOpen] = useState(false);
  if (totals.phase === 'hidden') return null;
  return (
    <Stack sx={{ mb: 1 }} spacing={1}>
      <Stack
        direction="row"
        aria-label={m.totalsLabel}
        aria-live="polite"
        role="group"
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 3, rowGap: 1, minHeight: 32 }}
      >
        {totals.phase === 'ready' && totals.totals && (
          <>
            <Amount label={m.totalBilled} cents={totals.totals.totalBilled} />
            <Amount label={m.totalSettled} cents={totals.totals.totalSettled} />
            <Amount label={m.totalCredited} cents={totals.totals.totalCredited} />
            <Amount label={m.resteDu} cents={totals.totals.resteDu} hint={m.resteDuHint} strong />
          </>
        )}
        {totals.phase === 'offer' && (
          <>
            <Button size="small" variant="outlined" onClick={totals.compute}>
              {m.computeTotals}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {m.computeTotalsHint}
            </Typography>
          </>
        )}
        {totals.phase === 'loading' && (
          <Typography variant="body2" color="text.secondary">
            {m.totalsLoading}
          </Typography>
        )}
        <Button
          size="small"
          startIcon={<BarChartIcon />}
          aria-expanded={chartOpen}
          onClick={() => setChartOpen((open) => !open)}
          sx={{ ml: 'auto' }}
        >
          {chartOpen ? m.hideChart : m.showChart}
        </Button>
      </Stack>
      {totals.phase === 'error' && <ErrorAlert onRetry={totals.retry}>{m.totalsError}</ErrorAlert>}
      <Collapse in={chartOpen} unmountOnExit>
        {totals.underCap ? (
          <Suspense fallback={<Typography color="text.secondary">{m.chartLoading}</Typography>}>
            <FluxBreakdownCharts where={search.where ?? {}} />
          </Suspense>
        ) : (
          <Typography color="text.secondary">{m.chartAboveCap}</Typography>
        )}
      </Collapse>
    </Stack>
  );
}

function Amount({ label, cents, hint, strong }: { label: string; cents: number; hint?: string; strong?: boolean }) {
  return (
    <Typography component="span" title={hint}>
      <Typography component="span" color="text.secondary">
        {label} :{' '}
      </Typography>
      <Typography component="span" sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}>
        {formatEuros(cents)}
      </Typography>
    </Typography>
  );
}
