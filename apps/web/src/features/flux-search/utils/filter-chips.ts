import {
  FLUX_CATEGORY_NAMES,
  FLUX_PAYMENT_STATUS_LABELS,
  seasonSetAsideByFluxNumber,
  type FluxCategoryId,
  type FluxSearchFilters,
} from '@gdf/domain';
import { formatDate } from '@/lib/format';
import type { Season } from '@/lib/seasons';
import { fluxSearchMessages as m } from '../messages';

export interface FilterChip {
  key: keyof FluxSearchFilters;
  label: string;
}

type Add = (key: keyof FluxSearchFilters, name: string, value: string) => void;

const TEXT_CHIPS = [
  ['fluxId', m.fluxId],
  ['licence', m.licence],
  ['lastName', m.lastName],
  ['codeFederal', m.codeFederal],
  ['label', m.label],
] as const;

/** The season: R-SEARCH-23's season a printed invoice number set in place of the filter's, else the filter's. */
function seasonChip(filters: FluxSearchFilters, seasons: readonly Season[], add: Add): void {
  const seasonName = (id: number) => seasons.find((season) => season.id === id)?.NomSaison ?? String(id);
  const invoiceSeason = seasonSetAsideByFluxNumber(filters);
  if (invoiceSeason !== null) add('season', m.season, m.seasonOfInvoice(seasonName(invoiceSeason)));
  else add('season', m.season, filters.season === null ? m.allSeasons : seasonName(filters.season));
}

/** Status and category. The selection (R-SEARCH-22) has its own removable chip (selectionChipLabel). */
function choiceChips(filters: FluxSearchFilters, add: Add): void {
  if (filters.status !== '') add('status', m.status, FLUX_PAYMENT_STATUS_LABELS[filters.status]);
  if (filters.category !== null)
    add('category', m.category, FLUX_CATEGORY_NAMES[filters.category as FluxCategoryId] ?? String(filters.category));
}

/** Amount and date ranges. */
function rangeChips(filters: FluxSearchFilters, add: Add): void {
  if (filters.minAmount.trim()) add('minAmount', m.amountFrom, `${filters.minAmount.trim()} €`);
  if (filters.maxAmount.trim()) add('maxAmount', m.amountTo, `${filters.maxAmount.trim()} €`);
  if (filters.startDate) add('startDate', m.dateFrom, formatDate(filters.startDate));
  if (filters.endDate) add('endDate', m.dateTo, formatDate(filters.endDate));
  const { settledFrom, settledTo } = filters;
  if (settledFrom || settledTo)
    add(
      settledFrom ? 'settledFrom' : 'settledTo',
      m.settledChip,
      m.settledBetween(settledFrom && formatDate(settledFrom), settledTo && formatDate(settledTo)),
    );
}

/**
 * The active filters of a search, one short French label each (the folded panel's chips,
 * R-SEARCH-07). The structure is named by `structureName` (loaded by the caller; '…' until then).
 */
export function filterChips(
  filters: FluxSearchFilters,
  seasons: readonly Season[],
  structureName: string | null = null,
): FilterChip[] {
  const chips: FilterChip[] = [];
  const add: Add = (key, name, value) => chips.push({ key, label: `${name} : ${value}` });
  seasonChip(filters, seasons, add);
  if (filters.structureId !== null) add('structureId', m.structure, structureName ?? m.structureLoading);
  for (const [key, name] of TEXT_CHIPS) if (filters[key].trim()) add(key, name, filters[key].trim());
  choiceChips(filters, add);
  rangeChips(filters, add);
  return chips;
}

/** R-SEARCH-22: 'N flux du retour du JJ/MM/AAAA', null without a selection. */
export function selectionChipLabel(filters: FluxSearchFilters | null | undefined): string | null {
  const selection = filters?.selection;
  if (!selection) return null;
  return m.selectionChip(selection.ids.length, selection.returnDay && formatDate(selection.returnDay));
}

/** R-UI-16: the filters 'Plus de filtres' folds (the compact line holds the others). */
export const FOLDED_KEYS: ReadonlySet<keyof FluxSearchFilters> = new Set([
  'licence',
  'codeFederal',
  'status',
  'category',
  'minAmount',
  'maxAmount',
  'startDate',
  'endDate',
  'settledFrom',
  'settledTo',
]);

/** R-UI-16: the chips of the active filters folded behind 'Plus de filtres'. */
export function foldedFilterChips(filters: FluxSearchFilters, seasons: readonly Season[]): FilterChip[] {
  return filterChips(filters, seasons).filter((chip) => FOLDED_KEYS.has(chip.key));
}
