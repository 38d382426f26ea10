import type { RecapSummary } from '@gdf/domain';

/** One issued recap as the list shows it (R-RECAP-04, R-RECAP-07). */
export type IssuedRecap = RecapSummary;

export type RecapFormat = 'pdf' | 'xlsx';
