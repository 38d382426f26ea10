/**
 * R-STAT-08: every figure drills down to the flux search (/gestion-des-finances/flux-financiers)
 * with the same filters, and the search's summary (R-SEARCH-14, R-BAL-03) gives the same figure
 * to the cent. The search's own keys carry what it can filter (saison, structure, categorie,
 * debut, fin); the keys it gains for the statistics (typeStructure, ligue, comite, motif) are
 * read into the where of `statisticsSearchWhere`, the one definition both sides use.
 */
import { EMPTY_FLUX_FILTERS, buildFluxWhere, type FluxWhere } from '../flux/search-filters';
import type { StatisticsFilters } from './statistics-request';

/** What a figure narrows beyond the page's filters. */
export interface DrillDown {
  /** The one structure searched: a ligue's or comité's own, or a structure's row. */
  structure?: number | null;
  categorie?: number | null;
  debut?: string;
  fin?: string;
  ligue?: number | null;
  comite?: number | null;
  /** R-STAT-04: a reject reason's ISO code; '' for returns without one. */
  motif?: string;
}

/** The motif key of returns the bank gave no reason for. */
export const NO_REASON_MOTIF = 'aucun';

/** The flux search's query string for the filters narrowed by `drill` (keys in a stable order). */
export function statisticsSearch(filters: StatisticsFilters, drill: DrillDown = {}): string {
  const params = new URLSearchParams();
  params.set('saison', String(filters.saison));
  const structure = drill.structure ?? null;
  if (structure !== null) params.set('structure', String(structure));
  const categorie = drill.categorie ?? filters.categorie;
  if (categorie !== null) params.set('categorie', String(categorie));
  params.set('debut', drill.debut ?? filters.debut);
  params.set('fin', drill.fin ?? filters.fin);
  if (filters.typeStructure !== null) params.set('typeStructure', String(filters.typeStructure));
  const ligue = drill.ligue ?? filters.ligue;
  if (ligue !== null) params.set('ligue', String(ligue));
  const comite = drill.comite ?? filters.comite;
  if (comite !== null) params.set('comite', String(comite));
  if (drill.motif !== undefined) params.set('motif', drill.motif === '' ? NO_REASON_MOTIF : drill.motif);
  return params.toString();
}

/** The départements of a ligue or a comité (ADR_Departement), by the structure's id. */
export interface Territories {
  ligue?: readonly number[];
  comite?: readonly number[];
}

const positive = (value: string | null) => (value !== null && /^\d{1,10}$/.test(value) ? Number(value) : null);

/** A structure of the territory: the ligue (comité) itself, or one of a département it covers. */
function territoryWhere(structureId: number, departements: readonly number[]): FluxWhere {
  return {
    _or: [{ ID_Structure: { _eq: structureId } }, { STR_Structure: { ID_Departement: { _in: [...departements] } } }],
  };
}

/**
 * The flux search's where for a `recherche` (R-STAT-08): the search's own filters as the search
 * builds them (buildFluxWhere), and the statistics' keys: the structures of a type, of a
 * ligue's or comité's territory (its départements given by `territories`), the returns of a reason.
 */
export function statisticsSearchWhere(query: string, territories: Territories = {}): FluxWhere {
  const params = new URLSearchParams(query);
  const base = buildFluxWhere({
    ...EMPTY_FLUX_FILTERS,
    season: positive(params.get('saison')),
    structureId: positive(params.get('structure')),
    category: positive(params.get('categorie')),
    startDate: params.get('debut') ?? '',
    endDate: params.get('fin') ?? '',
  });
  const and = [...(base as { _and: FluxWhere[] })._and];
  const type = positive(params.get('typeStructure'));
  if (type !== null) and.push({ STR_Structure: { ID_TypeStructure: { _eq: type } } });
  const ligue = positive(params.get('ligue'));
  if (ligue !== null) and.push(territoryWhere(ligue, territories.ligue ?? []));
  const comite = positive(params.get('comite'));
  if (comite !== null) and.push(territoryWhere(comite, territories.comite ?? []));
  const motif = params.get('motif');
  if (motif !== null)
    and.push({
      MKP_RetourPrelevement:
        motif === NO_REASON_MOTIF ? { CodeRaison: { _is_null: true } } : { CodeRaison: { _eq: motif } },
    });
  return { _and: and };
}
