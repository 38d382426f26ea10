import {
  StructureType,
  ageingRanges,
  collectionRateBasisPoints,
  effectiveFilters,
  meanDelayDays,
  parisToday,
  seasonIdForDate,
  seasonName,
  toCents,
  type StatisticsFilters,
  type StatisticsQuery,
  type StatisticsResponse,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/http-errors';
import type { RequestScope } from '../scope/scope';
import { STATISTICS_SERVER_MESSAGES as MESSAGES } from './messages';
import { requireStatisticsAccess } from './statistics-access';
import {
  ageing,
  billing,
  byTerritory,
  figureSearch,
  rejectFigures,
  riseCut,
  rises,
  territoryIds,
} from './statistics-figures';
import * as repository from './statistics.repository';

/** The filters' references against the data: a season, a category, a ligue, a comité that exist (R-STAT-02). */
function checkReferences(
  query: Pick<StatisticsQuery, 'saison' | 'categorie' | 'ligue' | 'comite'>,
  checks: Awaited<ReturnType<typeof repository.referenceChecks>>,
) {
  if (query.saison !== undefined && !checks.season) throw badRequest(MESSAGES.unknownSeason(query.saison));
  if (query.categorie !== undefined && !checks.category) throw badRequest(MESSAGES.unknownCategory(query.categorie));
  if (query.ligue !== undefined && checks.ligueType !== StructureType.LigueRegionale)
    throw badRequest(MESSAGES.notLigue(query.ligue));
  if (query.comite !== undefined && checks.comiteType !== StructureType.ComiteDepartemental)
    throw badRequest(MESSAGES.notComite(query.comite));
}

/** The one structure a ligue's or comité's figures are (R-SCOPE-03); null for the head office's federation. */
function ownStructure(scope: RequestScope): number | null {
  return scope.unrestricted || scope.currentStructureType === StructureType.Federation
    ? null
    : scope.currentStructureId;
}

/** The filters as the figures read them, and the day and instant they are up to. */
async function resolveFilters(database: Database, query: StatisticsQuery) {
  const checks = await repository.referenceChecks(database, query);
  checkReferences(query, checks);
  // The database's clock: the balance rule's SQL reads today from it (R-BAL-01).
  const now = new Date(checks.now);
  const today = parisToday(now);
  const resolved = effectiveFilters(query, checks.current ?? seasonIdForDate(now), today);
  if ('problem' in resolved) throw badRequest(resolved.problem);
  return { filters: resolved.filters, today, now: checks.now };
}

/** R-STAT-01 to R-STAT-08: the figures of the scope and filters, each with its drill-down. */
async function readFigures(
  database: Database,
  scope: RequestScope,
  query: StatisticsQuery,
  filters: StatisticsFilters,
  today: string,
  now: string,
): Promise<StatisticsResponse> {
  const search = figureSearch(filters, ownStructure(scope));
  const ranges = ageingRanges(today);
  const bounds = [ranges['0-30'].from!, ranges['31-60'].from!, ranges['61-90'].from!] as const;
  const [months, rejected, seasons, arrears] = await Promise.all([
    repository.billingByMonth(database, scope, filters),
    repository.rejects(database, scope, filters),
    repository.seasons(database, scope, filters),
    repository.arrears(database, scope, filters, bounds, riseCut(filters)),
  ]);
  const names = await repository.structureNames(database, [
    ...new Set([...territoryIds(arrears), ...arrears.map((row) => row.structureId)]),
  ]);
  const billed = months.reduce((total, row) => total + toCents(row.facture), 0);
  const settled = months.reduce((total, row) => total + toCents(row.regle), 0);
  return {
    aJourAu: now,
    filtres: {
      saison: filters.saison,
      debut: query.debut ?? null,
      fin: query.fin ?? null,
      categorie: filters.categorie,
      typeStructure: filters.typeStructure,
      ligue: filters.ligue,
      comite: filters.comite,
    },
    facturationParMois: billing(months, filters, search),
    recouvrement: {
      factureCentimes: billed,
      regleCentimes: settled,
      tauxPourDixMille: collectionRateBasisPoints(billed, settled),
      delaiMoyenJours: meanDelayDays(
        months.reduce((total, row) => total + Number(row.jours), 0),
        months.reduce((total, row) => total + row.regles, 0),
      ),
      recherche: search(),
    },
    rejets: rejectFigures(rejected, search),
    arrieres: {
      parAnciennete: ageing(arrears, filters, today, search),
      parLigue: byTerritory(arrears, 'ligue', filters.ligue, names, search),
      parComite: byTerritory(arrears, 'comite', filters.comite, names, search),
    },
    saisons: seasons.map((row) => ({
      saisonId: row.saisonId,
      libelle: seasonName(row.saisonId),
      factureCentimes: toCents(row.facture),
      regleCentimes: toCents(row.regle),
    })),
    plusFortesHausses: rises(arrears, names, search),
  };
}

export function createStatisticsService(database: Database) {
  return {
    /** GET /api/statistiques: the grant and the structure's type, then the filters, then the figures. */
    async read(scope: RequestScope, query: StatisticsQuery): Promise<StatisticsResponse> {
      requireStatisticsAccess(scope);
      const { filters, today, now } = await resolveFilters(database, query);
      return readFigures(database, scope, query, filters, today, now);
    },
    /** R-STAT-08: the départements of a territory the flux search filters on (after the same access checks). */
    async territory(
      scope: RequestScope,
      query: { ligue?: number; comite?: number },
    ): Promise<{ departements: number[] }> {
      requireStatisticsAccess(scope);
      const checks = await repository.referenceChecks(database, query);
      checkReferences(query, checks);
      const level = query.ligue === undefined ? 'comite' : 'ligue';
      return { departements: await repository.territoryDepartements(database, level, (query.ligue ?? query.comite)!) };
    },
    /** R-STAT-07: the aggregates rebuilt from the flux (the test that compares them, an operator's repair). */
    rebuild: () => repository.rebuildAggregates(database),
  };
}
