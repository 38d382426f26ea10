import type { FiscalYearView } from '@gdf/domain';

/** The FEC choice lists the newest fiscal year first. */
export const fecNewestFirst = (years: readonly FiscalYearView[]) =>
  [...years].sort((a, b) => b.debut.localeCompare(a.debut));

/**
 * The year offered first: the latest closed one (the FEC an auditor asks for), else the
 * latest. `years` newest first.
 */
export const defaultFecYear = (years: readonly FiscalYearView[]): FiscalYearView | undefined =>
  years.find((year) => year.statut === 'cloture') ?? years[0];
