import { formatEuros, type BreakdownBar } from '@gdf/domain';

const WHOLE_EUROS = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** R-UI-18: an axis tick in fr-FR, whole euros ('30 000', never '30,000'). */
export const axisEuros = (value: number | null) => (value === null ? '' : WHOLE_EUROS.format(value));

/** A bar's value in its tooltip, to the cent ('1 234,50 €'). */
export const barEuros = (value: number | null) => (value === null ? '' : formatEuros(Math.round(value * 100)));

/** Every band keeps its label: none is dropped when they would touch (R-UI-18). */
const everyLabel = () => true;

/**
 * The axes of one breakdown chart: by month, vertical bars whose labels slant when they are
 * many; by category, horizontal bars with each category's name in full on the left.
 */
export function breakdownAxes<K>(
  bars: BreakdownBar<K>[],
  label: (key: K) => string,
  layout: 'vertical' | 'horizontal',
) {
  const band = { scaleType: 'band' as const, data: bars.map((bar) => label(bar.key)), tickLabelInterval: everyLabel };
  const amounts = { valueFormatter: axisEuros };
  if (layout === 'horizontal') return { yAxis: [{ ...band, width: 130 }], xAxis: [{ ...amounts, height: 30 }] };
  const slanted = bars.length > 6;
  return {
    xAxis: [
      {
        ...band,
        height: slanted ? 56 : 30,
        tickLabelStyle: slanted ? { angle: -40, textAnchor: 'end' as const, fontSize: 11 } : { fontSize: 12 },
      },
    ],
    yAxis: [{ ...amounts, width: 72 }],
  };
}
