import {
  STATISTICS_AGEING_BUCKETS,
  STATISTICS_TOP_RISES,
  StructureType,
  ageingRanges,
  addCalendarDays,
  rejectBankLabel,
  rejectReasonLabel,
  statisticsSearch,
  toCents,
  withinPeriod,
  type DrillDown,
  type StatisticsFilters,
  type StatisticsResponse,
  type StatisticsStructureArrears,
} from '@gdf/domain';
import type { ArrearsRow, BillingRow } from './statistics.repository';

/** The last day of a month 'AAAA-MM'. */
function monthEnd(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}

/** The page's figures with their drill-down: `own` is the one structure a ligue or comité searches. */
export function figureSearch(filters: StatisticsFilters, own: number | null) {
  return (drill: DrillDown = {}) => statisticsSearch(filters, { structure: own, ...drill });
}
type Search = ReturnType<typeof figureSearch>;

/** R-STAT-03: each month and category within the period, drilled to the same days and category. */
export function billing(rows: readonly BillingRow[], filters: StatisticsFilters, search: Search) {
  return rows.map((row) => {
    const first = `${row.mois}-01`;
    const last = monthEnd(row.mois);
    return {
      mois: row.mois,
      categorieId: row.categorieId,
      categorie: row.categorie,
      factureCentimes: toCents(row.facture),
      regleCentimes: toCents(row.regle),
      avoirsCentimes: toCents(row.avoirs),
      nombre: row.nombre,
      recherche: search({
        categorie: row.categorieId,
        debut: first < filters.debut ? filters.debut : first,
        fin: last > filters.fin ? filters.fin : last,
      }),
    };
  });
}

/** R-STAT-04: by reason (most first), drilled with `motif`; by bank. */
export function rejectFigures(
  rows: ReadonlyArray<{ code: string; banque: string; nombre: number; montant: string }>,
  search: Search,
): StatisticsResponse['rejets'] {
  const byReason = new Map<string, { nombre: number; montant: number }>();
  const byBank = new Map<string, { nombre: number; montant: number }>();
  for (const row of rows) {
    for (const [map, key] of [
      [byReason, row.code],
      [byBank, row.banque],
    ] as const) {
      const total = map.get(key) ?? { nombre: 0, montant: 0 };
      total.nombre += row.nombre;
      total.montant += toCents(row.montant);
      map.set(key, total);
    }
  }
  const ordered = <T>(map: Map<string, T & { nombre: number }>) =>
    [...map].sort((a, b) => b[1].nombre - a[1].nombre || a[0].localeCompare(b[0]));
  return {
    parMotif: ordered(byReason).map(([code, total]) => ({
      code,
      libelle: rejectReasonLabel(code),
      nombre: total.nombre,
      montantCentimes: total.montant,
      recherche: search({ motif: code }),
    })),
    parBanque: ordered(byBank).map(([bank, total]) => ({
      banque: rejectBankLabel(bank),
      nombre: total.nombre,
      montantCentimes: total.montant,
    })),
  };
}

/** R-STAT-05: the four buckets, each drilled to its creation days within the period ('' outside it). */
export function ageing(rows: readonly ArrearsRow[], filters: StatisticsFilters, today: string, search: Search) {
  const ranges = ageingRanges(today);
  return STATISTICS_AGEING_BUCKETS.map((tranche) => {
    const mine = rows.filter((row) => row.tranche === tranche);
    const days = withinPeriod(ranges[tranche], filters.debut, filters.fin);
    return {
      tranche,
      montantCentimes: mine.reduce((total, row) => total + toCents(row.reste), 0),
      nombre: mine.reduce((total, row) => total + row.nombre, 0),
      recherche: days ? search({ debut: days.from, fin: days.to }) : '',
    };
  });
}

/**
 * R-STAT-05: the reste dû of each ligue's (comité's) territory: the structure itself and those
 * of its départements. With a ligue (comité) filter, that one only: its rows drill exactly.
 */
export function byTerritory(
  rows: readonly ArrearsRow[],
  level: 'ligue' | 'comite',
  only: number | null,
  names: ReadonlyMap<number, string>,
  search: Search,
): StatisticsStructureArrears[] {
  const ownType = level === 'ligue' ? StructureType.LigueRegionale : StructureType.ComiteDepartemental;
  const totals = new Map<number, number>();
  for (const row of rows) {
    const territories = new Set([row.type === ownType ? row.structureId : null, row[level]]);
    for (const id of territories)
      if (id !== null && (only === null || id === only)) totals.set(id, (totals.get(id) ?? 0) + toCents(row.reste));
  }
  return [...totals]
    .filter(([, amount]) => amount !== 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([structureId, amount]) => ({
      structureId,
      nom: names.get(structureId) ?? `Structure ${structureId}`,
      montantCentimes: amount,
      recherche: search(level === 'ligue' ? { ligue: structureId } : { comite: structureId }),
    }));
}

/** The ids the ligue and comité rows name. */
export function territoryIds(rows: readonly ArrearsRow[]): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.type === StructureType.LigueRegionale || row.type === StructureType.ComiteDepartemental)
      ids.add(row.structureId);
    if (row.ligue !== null) ids.add(row.ligue);
    if (row.comite !== null) ids.add(row.comite);
  }
  return [...ids];
}

/** R-STAT-06: the day up to which a flux counts as 'avant': 30 days before the period's end. */
export const riseCut = (filters: StatisticsFilters) => addCalendarDays(filters.fin, -30);

/** R-STAT-06: the structures whose reste dû rose most, drilled to the structure (the 'maintenant' figure). */
export function rises(rows: readonly ArrearsRow[], names: ReadonlyMap<number, string>, search: Search) {
  const byStructure = new Map<number, { avant: number; maintenant: number }>();
  for (const row of rows) {
    const total = byStructure.get(row.structureId) ?? { avant: 0, maintenant: 0 };
    total.avant += toCents(row.avant);
    total.maintenant += toCents(row.reste);
    byStructure.set(row.structureId, total);
  }
  return [...byStructure]
    .filter(([, total]) => total.maintenant > total.avant)
    .sort((a, b) => b[1].maintenant - b[1].avant - (a[1].maintenant - a[1].avant) || a[0] - b[0])
    .slice(0, STATISTICS_TOP_RISES)
    .map(([structureId, total]) => ({
      structureId,
      nom: names.get(structureId) ?? `Structure ${structureId}`,
      avantCentimes: total.avant,
      maintenantCentimes: total.maintenant,
      recherche: search({ structure: structureId }),
    }));
}
