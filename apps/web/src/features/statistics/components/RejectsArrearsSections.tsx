import { AGEING_BUCKET_LABELS, formatEuros, type StatisticsStructureArrears as ArrearsOfStructure } from '@gdf/domain';
import type { DataColumn } from '@/components/DataTable';
import { formatInteger } from '@/lib/format';
import type { ArrearsAgeing, RejectBank, RejectReason } from '../api/statistics-types';
import { statisticsMessages as m } from '../messages';
import { DrillLink } from './DrillLink';
import { StatFigure } from './StatFigure';
import { StatSection } from './StatSection';

const r = m.rejects;
const a = m.arrears;

/** A count column, right-aligned. */
const countColumn = <Row extends { nombre: number }>(header: string): DataColumn<Row> => ({
  id: 'nombre',
  header,
  align: 'right',
  cell: (row) => formatInteger(row.nombre),
});

/** One bar per row: its amount. */
const amountBars = (label: string) => ({
  series: [{ label, cents: (row: { montantCentimes: number }) => row.montantCentimes }],
});
const recherche = (row: { recherche: string }) => row.recherche;

/** The returned direct debits by reason (each a link) and by debtor's bank. */
export function RejectsSection({ byReason, byBank }: { byReason: RejectReason[]; byBank: RejectBank[] }) {
  return (
    <StatSection id="rejets" title={r.title}>
      <StatFigure
        id="rejets-motif"
        title={r.byReason}
        rows={byReason}
        rowKey={(row) => row.code}
        bars={{ ...amountBars(r.amount), layout: 'horizontal', label: (row) => row.libelle, recherche }}
        columns={[
          { id: 'motif', header: r.reason, rowHeader: true, cell: (row) => `${row.code} : ${row.libelle}` },
          countColumn(r.count),
          {
            id: 'montant',
            header: r.amount,
            align: 'right',
            cell: (row) => (
              <DrillLink recherche={row.recherche} figure={formatEuros(row.montantCentimes)} what={row.libelle} />
            ),
          },
        ]}
      />
      <StatFigure
        id="rejets-banque"
        title={r.byBank}
        rows={byBank}
        rowKey={(row) => row.banque}
        bars={{ ...amountBars(r.amount), layout: 'horizontal', label: (row) => row.banque }}
        columns={[
          { id: 'banque', header: r.bank, rowHeader: true, cell: (row) => row.banque },
          countColumn(r.count),
          { id: 'montant', header: r.amount, align: 'right', cell: (row) => formatEuros(row.montantCentimes) },
        ]}
      />
    </StatSection>
  );
}

/** A ligue's or a comité's arrears, the amount a link. */
function StructureArrears({ id, title, rows }: { id: string; title: string; rows: ArrearsOfStructure[] }) {
  return (
    <StatFigure
      id={id}
      title={title}
      rows={rows}
      rowKey={(row) => row.structureId}
      columns={[
        { id: 'nom', header: a.structure, rowHeader: true, cell: (row) => row.nom },
        {
          id: 'montant',
          header: a.amount,
          align: 'right',
          cell: (row) => (
            <DrillLink recherche={row.recherche} figure={formatEuros(row.montantCentimes)} what={row.nom} />
          ),
        },
      ]}
    />
  );
}

/** What is still owed, by ageing (a chart) and by ligue and comité. */
export function ArrearsSection({ arrears }: { arrears: { parAnciennete: ArrearsAgeing[] } & ArrearsByStructure }) {
  const ageing = arrears.parAnciennete;
  return (
    <StatSection id="arrieres" title={a.title}>
      <StatFigure
        id="arrieres-anciennete"
        title={a.byAgeing}
        rows={ageing}
        rowKey={(row) => row.tranche}
        bars={{ ...amountBars(a.amount), label: (row) => AGEING_BUCKET_LABELS[row.tranche], recherche }}
        columns={[
          { id: 'tranche', header: a.ageing, rowHeader: true, cell: (row) => AGEING_BUCKET_LABELS[row.tranche] },
          countColumn(a.count),
          {
            id: 'montant',
            header: a.amount,
            align: 'right',
            cell: (row) => {
              const tranche = AGEING_BUCKET_LABELS[row.tranche];
              return <DrillLink recherche={row.recherche} figure={formatEuros(row.montantCentimes)} what={tranche} />;
            },
          },
        ]}
      />
      <StructureArrears id="arrieres-ligue" title={a.byLigue} rows={arrears.parLigue} />
      <StructureArrears id="arrieres-comite" title={a.byComite} rows={arrears.parComite} />
    </StatSection>
  );
}

interface ArrearsByStructure {
  parLigue: ArrearsOfStructure[];
  parComite: ArrearsOfStructure[];
}
