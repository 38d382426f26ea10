import { formatEuros } from '@gdf/domain';
import type { ArrearsRise, SeasonFigures } from '../api/statistics-types';
import { statisticsMessages as m } from '../messages';
import { DrillLink } from './DrillLink';
import { StatFigure } from './StatFigure';
import { StatSection } from './StatSection';

const s = m.seasons;
const h = m.rises;

/** This season against the previous ones: billed and settled side by side. */
export function SeasonsSection({ seasons }: { seasons: SeasonFigures[] }) {
  return (
    <StatSection id="saisons" title={s.title}>
      <StatFigure
        id="saisons-comparees"
        title={s.title}
        rows={seasons}
        rowKey={(row) => row.saisonId}
        bars={{
          label: (row) => row.libelle,
          series: [
            { label: s.billed, cents: (row) => row.factureCentimes },
            { label: s.settled, cents: (row) => row.regleCentimes },
          ],
        }}
        columns={[
          { id: 'saison', header: s.season, rowHeader: true, cell: (row) => row.libelle },
          { id: 'facture', header: s.billed, align: 'right', cell: (row) => formatEuros(row.factureCentimes) },
          { id: 'regle', header: s.settled, align: 'right', cell: (row) => formatEuros(row.regleCentimes) },
        ]}
      />
    </StatSection>
  );
}

/** The structures whose arrears grew most, each rise a link to their flux. */
export function RisesSection({ rises }: { rises: ArrearsRise[] }) {
  return (
    <StatSection id="hausses" title={h.title}>
      <StatFigure
        id="hausses-arrieres"
        title={h.title}
        rows={rises}
        rowKey={(row) => row.structureId}
        columns={[
          { id: 'nom', header: h.structure, rowHeader: true, cell: (row) => row.nom },
          { id: 'avant', header: h.before, align: 'right', cell: (row) => formatEuros(row.avantCentimes) },
          {
            id: 'maintenant',
            header: h.now,
            align: 'right',
            cell: (row) => (
              <DrillLink recherche={row.recherche} figure={formatEuros(row.maintenantCentimes)} what={row.nom} />
            ),
          },
          {
            id: 'hausse',
            header: h.rise,
            align: 'right',
            cell: (row) => formatEuros(row.maintenantCentimes - row.avantCentimes),
          },
        ]}
      />
    </StatSection>
  );
}
