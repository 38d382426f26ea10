import { formatEuros, frenchMonth, type StatisticsBillingMonth as BillingMonth } from '@gdf/domain';
import { LabelledValues } from '@/components/LabelledValues';
import { formatInteger } from '@/lib/format';
import type { CollectionFigures } from '../api/statistics-types';
import { statisticsMessages as m } from '../messages';
import { DrillLink, useDrillDown } from './DrillLink';
import { StatBarChart } from './StatBarChart';
import { StatFigure } from './StatFigure';
import { StatSection } from './StatSection';

const PERCENT = new Intl.NumberFormat('fr-FR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const c = m.collection;
const b = m.billing;

/** Collection rate and delay, and the billed and settled amounts they come from, each a link. */
export function CollectionSection({ figures }: { figures: CollectionFigures }) {
  const rate = figures.tauxPourDixMille === null ? c.notApplicable : PERCENT.format(figures.tauxPourDixMille / 10_000);
  const delay = figures.delaiMoyenJours === null ? c.notApplicable : c.days(figures.delaiMoyenJours);
  const drill = (figure: string, what: string) => (
    <DrillLink recherche={figures.recherche} figure={figure} what={what} />
  );
  return (
    <StatSection id="recouvrement" title={c.title}>
      <LabelledValues
        sx={{ typography: 'body1', columnGap: 3 }}
        items={[
          { key: 'taux', label: c.rate, value: drill(rate, c.rate) },
          { key: 'delai', label: c.delay, value: drill(delay, c.delay) },
          { key: 'facture', label: c.billed, value: drill(formatEuros(figures.factureCentimes), c.billed) },
          { key: 'regle', label: c.settled, value: drill(formatEuros(figures.regleCentimes), c.settled) },
        ]}
      />
    </StatSection>
  );
}

/** Each month's billing stacked by category, and the table of every month and category. */
export function BillingSection({ rows }: { rows: readonly BillingMonth[] }) {
  const drillDown = useDrillDown();
  const months = [...new Set(rows.map((row) => row.mois))].sort();
  const categories = [...new Map(rows.map((row) => [row.categorieId, row.categorie])).entries()];
  const cell = (mois: string, categorieId: number) =>
    rows.find((row) => row.mois === mois && row.categorieId === categorieId);
  const what = (row: BillingMonth, figure: string) => `${figure}, ${row.categorie}, ${frenchMonth(row.mois)}`;
  const amount = (key: 'factureCentimes' | 'regleCentimes' | 'avoirsCentimes', label: string) => ({
    id: key,
    header: label,
    align: 'right' as const,
    cell: (row: BillingMonth) => (
      <DrillLink recherche={row.recherche} figure={formatEuros(row[key])} what={what(row, label)} />
    ),
  });
  return (
    <StatSection id="facturation" title={b.title}>
      <StatFigure
        id="facturation-mois"
        title={b.table}
        rows={rows}
        rowKey={(row) => `${row.mois}-${row.categorieId}`}
        chart={
          <StatBarChart
            labels={months.map(frenchMonth)}
            series={categories.map(([id, name]) => ({
              label: name,
              stack: 'facture',
              cents: months.map((mois) => cell(mois, id)?.factureCentimes ?? 0),
            }))}
            onBarClick={(index, series) => {
              const row = cell(months[index] ?? '', categories[series]?.[0] ?? 0);
              if (row) drillDown(row.recherche);
            }}
          />
        }
        columns={[
          { id: 'mois', header: b.month, rowHeader: true, cell: (row) => frenchMonth(row.mois) },
          { id: 'categorie', header: b.category, cell: (row) => row.categorie },
          amount('factureCentimes', b.billed),
          amount('regleCentimes', b.settled),
          amount('avoirsCentimes', b.credits),
          { id: 'nombre', header: b.count, align: 'right', cell: (row) => formatInteger(row.nombre) },
        ]}
      />
    </StatSection>
  );
}
