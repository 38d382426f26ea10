import type { StatisticsResponse } from '@gdf/domain';

/** The filters of the page, named as the URL and the server read them (R-STAT-02). */
export const STATISTICS_FILTER_KEYS = [
  'saison',
  'debut',
  'fin',
  'categorie',
  'typeStructure',
  'ligue',
  'comite',
] as const;
type StatisticsFilterKey = (typeof STATISTICS_FILTER_KEYS)[number];
/** The filters as the URL holds them ('' or absent: none). */
export type StatisticsUrlFilters = Partial<Record<StatisticsFilterKey, string>>;

/** The rows of the answer's tables. */
export type CollectionFigures = StatisticsResponse['recouvrement'];
export type RejectReason = StatisticsResponse['rejets']['parMotif'][number];
export type RejectBank = StatisticsResponse['rejets']['parBanque'][number];
export type ArrearsAgeing = StatisticsResponse['arrieres']['parAnciennete'][number];
export type SeasonFigures = StatisticsResponse['saisons'][number];
export type ArrearsRise = StatisticsResponse['plusFortesHausses'][number];
