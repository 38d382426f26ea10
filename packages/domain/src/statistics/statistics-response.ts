/**
 * GET /api/statistiques's answer (R-STAT-01 to R-STAT-07). Amounts are integer cents; each
 * `recherche` is the flux search's query string whose summary gives the same figure (R-STAT-08),
 * '' when the figure has nothing to search (an ageing bucket outside the period).
 */
import type { AgeingBucket } from '../account-statement/account-statement';
import type { StructureTypeId } from '../structures/structure-types';

export interface StatisticsFiltersView {
  saison: number;
  debut: string | null;
  fin: string | null;
  categorie: number | null;
  typeStructure: StructureTypeId | null;
  ligue: number | null;
  comite: number | null;
}

export interface StatisticsBillingMonth {
  mois: string;
  categorieId: number;
  categorie: string;
  factureCentimes: number;
  regleCentimes: number;
  avoirsCentimes: number;
  nombre: number;
  recherche: string;
}

export interface StatisticsResponse {
  aJourAu: string;
  filtres: StatisticsFiltersView;
  facturationParMois: StatisticsBillingMonth[];
  recouvrement: {
    factureCentimes: number;
    regleCentimes: number;
    tauxPourDixMille: number | null;
    delaiMoyenJours: number | null;
    recherche: string;
  };
  rejets: {
    parMotif: Array<{ code: string; libelle: string; nombre: number; montantCentimes: number; recherche: string }>;
    parBanque: Array<{ banque: string; nombre: number; montantCentimes: number }>;
  };
  arrieres: {
    parAnciennete: Array<{ tranche: AgeingBucket; montantCentimes: number; nombre: number; recherche: string }>;
    parLigue: StatisticsStructureArrears[];
    parComite: StatisticsStructureArrears[];
  };
  saisons: Array<{ saisonId: number; libelle: string; factureCentimes: number; regleCentimes: number }>;
  plusFortesHausses: Array<{
    structureId: number;
    nom: string;
    avantCentimes: number;
    maintenantCentimes: number;
    recherche: string;
  }>;
}

export interface StatisticsStructureArrears {
  structureId: number;
  nom: string;
  montantCentimes: number;
  recherche: string;
}
