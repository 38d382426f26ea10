/**
 * R-STAT-09: the xlsx export of 'Etats statistiques': one worksheet per table of the page,
 * amounts as numbers in euros (the euro format), months and days as date cells (R-EXP-01).
 */
import type { ExportCell, XlsxSheet } from '@gdf/file-formats';
import { AGEING_BUCKET_LABELS } from '../account-statement/account-statement';
import { formatIsoDay } from '../documents/document-format';
import type { StatisticsResponse } from './statistics-response';

/** The first worksheet's columns: billing by month and category. */
export const STATISTICS_BILLING_COLUMNS = [
  'Mois',
  'Catégorie',
  'Facturé',
  'Réglé',
  'Avoirs et remboursements',
  'Nombre de flux',
];

const euros = (cents: number) => cents / 100;
/** A Paris day as a date cell (noon UTC: the same calendar day in Paris). */
const dayCell = (day: string) => new Date(`${day}T12:00:00Z`);

function sheet(
  worksheet: string,
  columns: string[],
  rows: ExportCell[][],
  header: string,
  amountColumns: string[],
  dayColumns: string[] = [],
): XlsxSheet {
  return { table: { columns, rows }, options: { worksheet, header, amountColumns, dayColumns } };
}

/** The export's file name: the season and the day the figures are up to. */
export function statisticsFileName(saison: number, aJourAu: string): string {
  return `etats-statistiques-${saison - 1}-${saison}-${aJourAu.slice(0, 10)}.xlsx`;
}

/** The workbook's sheets, in the page's order. */
export function statisticsSheets(data: StatisticsResponse, upTo: string): XlsxSheet[] {
  const head = `Etats statistiques, saison ${data.filtres.saison - 1}-${data.filtres.saison}, à jour au ${formatIsoDay(upTo)}`;
  const recovery = data.recouvrement;
  return [
    sheet(
      'Facturation par mois',
      STATISTICS_BILLING_COLUMNS,
      data.facturationParMois.map((row) => [
        dayCell(`${row.mois}-01`),
        row.categorie,
        euros(row.factureCentimes),
        euros(row.regleCentimes),
        euros(row.avoirsCentimes),
        row.nombre,
      ]),
      head,
      ['Facturé', 'Réglé', 'Avoirs et remboursements'],
      ['Mois'],
    ),
    sheet(
      'Recouvrement',
      ['Facturé', 'Réglé', 'Taux de recouvrement (%)', 'Délai moyen (jours)'],
      [
        [
          euros(recovery.factureCentimes),
          euros(recovery.regleCentimes),
          recovery.tauxPourDixMille === null ? null : recovery.tauxPourDixMille / 100,
          recovery.delaiMoyenJours,
        ],
      ],
      head,
      ['Facturé', 'Réglé'],
    ),
    sheet(
      'Rejets par motif',
      ['Code', 'Motif', 'Nombre', 'Montant'],
      data.rejets.parMotif.map((row) => [row.code, row.libelle, row.nombre, euros(row.montantCentimes)]),
      head,
      ['Montant'],
    ),
    sheet(
      'Rejets par banque',
      ['Banque', 'Nombre', 'Montant'],
      data.rejets.parBanque.map((row) => [row.banque, row.nombre, euros(row.montantCentimes)]),
      head,
      ['Montant'],
    ),
    sheet(
      'Arriérés par ancienneté',
      ['Ancienneté', 'Nombre de flux', 'Reste dû'],
      data.arrieres.parAnciennete.map((row) => [
        AGEING_BUCKET_LABELS[row.tranche],
        row.nombre,
        euros(row.montantCentimes),
      ]),
      head,
      ['Reste dû'],
    ),
    sheet(
      'Arriérés par ligue',
      ['N° de structure', 'Ligue', 'Reste dû'],
      data.arrieres.parLigue.map((row) => [row.structureId, row.nom, euros(row.montantCentimes)]),
      head,
      ['Reste dû'],
    ),
    sheet(
      'Arriérés par comité',
      ['N° de structure', 'Comité', 'Reste dû'],
      data.arrieres.parComite.map((row) => [row.structureId, row.nom, euros(row.montantCentimes)]),
      head,
      ['Reste dû'],
    ),
    sheet(
      'Saisons',
      ['Saison', 'Facturé', 'Réglé'],
      data.saisons.map((row) => [row.libelle, euros(row.factureCentimes), euros(row.regleCentimes)]),
      head,
      ['Facturé', 'Réglé'],
    ),
    sheet(
      'Plus fortes hausses',
      ['N° de structure', 'Structure', 'Reste dû avant', 'Reste dû maintenant', 'Hausse'],
      data.plusFortesHausses.map((row) => [
        row.structureId,
        row.nom,
        euros(row.avantCentimes),
        euros(row.maintenantCentimes),
        euros(row.maintenantCentimes - row.avantCentimes),
      ]),
      head,
      ['Reste dû avant', 'Reste dû maintenant', 'Hausse'],
    ),
  ];
}
