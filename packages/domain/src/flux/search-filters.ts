/**
 * Flux search filters (R-SEARCH-01 to R-SEARCH-07, R-SEARCH-15, R-SEARCH-23): the form's values, their
 * validation and the GraphQL `where` they become. Pure, so the web form, the URL state and
 * the tests share one definition.
 */
import { StructureType, type StructureTypeId } from '../structures/structure-types';
import { centsToDecimal } from '../money/money';
import { parseEuroAmount } from './amount-filter';
import { isSupportedDay, parisDayStart, nextParisDayStart } from './paris-day';
import { fluxPaymentStatusWhere, type FluxPaymentStatus } from './payment-status';
import { FLUX_SELECTION_MAX, type FluxSelection } from './flux-selection';
import { fluxSearchSeason, parseFluxNumber, readFluxNumber } from './flux-number';

export interface FluxSearchFilters {
  season: number | null;
  /** A structure picked by a type-7 structure; other types are locked to their own. */
  structureId: number | null;
  licence: string;
  lastName: string;
  codeFederal: string;
  label: string;
  /** ISO dates (YYYY-MM-DD), '' when empty. */
  startDate: string;
  endDate: string;
  /** '' for every flux, else one payment status (payment-status.ts, R-FLUX-08). */
  status: FluxStatusFilter;
  /** The flux number (N° de flux) as typed: its id or its printed invoice number (R-SEARCH-23); '' when empty. */
  fluxId: string;
  /** Amount range (MontantTTC) typed in euros ("12,50"), inclusive; '' when empty. */
  minAmount: string;
  maxAmount: string;
  /** MKP_CategoryFlux id, null for every category. */
  category: number | null;
  /** R-SEARCH-15: settled between these days (DateReglement, inclusive), ISO dates, '' when empty. */
  settledFrom: string;
  settledTo: string;
  /** R-SEARCH-22: a given list of flux (the rejected flux of a bank return), null for none. */
  selection: FluxSelection | null;
}

export type FluxStatusFilter = '' | FluxPaymentStatus;

export type FluxTextFilter = 'lastName' | 'codeFederal' | 'label';
export const FLUX_TEXT_FILTERS: readonly FluxTextFilter[] = ['lastName', 'codeFederal', 'label'];

/** R-SEARCH-01: "Text filters require at least 3 characters." */
export const MIN_TEXT_FILTER_LENGTH = 3;

export const EMPTY_FLUX_FILTERS: FluxSearchFilters = {
  season: null,
  structureId: null,
  licence: '',
  lastName: '',
  codeFederal: '',
  label: '',
  startDate: '',
  endDate: '',
  status: '',
  fluxId: '',
  minAmount: '',
  maxAmount: '',
  category: null,
  settledFrom: '',
  settledTo: '',
  selection: null,
};

export const FLUX_FILTER_MESSAGES = {
  tooShort: `Au moins ${MIN_TEXT_FILTER_LENGTH} caractères`,
  licenceDigits: 'Le numéro de licence ne contient que des chiffres',
  futureDate: 'La date ne peut pas être dans le futur',
  endBeforeStart: 'La date de fin ne peut pas précéder la date de début',
  invalidDate: 'Date invalide',
  invalidAmount: 'Montant en euros positif, deux décimales au plus (ex. 12,50)',
  maxBelowMin: 'Le montant maximum ne peut pas être inférieur au minimum',
  allEmpty: 'Renseignez au moins un filtre pour lancer la recherche.',
  selectionSize: `Une sélection compte de 1 à ${FLUX_SELECTION_MAX} flux.`,
} as const;

export type FluxFilterErrors = Partial<Record<keyof FluxSearchFilters | 'form', string>>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when no filter holds a value: R-SEARCH-03, "Search is blocked when every filter is empty." */
export function areFluxFiltersEmpty(filters: FluxSearchFilters): boolean {
  return (
    filters.season === null &&
    filters.structureId === null &&
    filters.status === '' &&
    filters.category === null &&
    filters.selection === null &&
    [
      filters.fluxId,
      filters.minAmount,
      filters.maxAmount,
      filters.licence,
      filters.lastName,
      filters.codeFederal,
      filters.label,
      filters.startDate,
      filters.endDate,
      filters.settledFrom,
      filters.settledTo,
    ].every((value) => value.trim() === '')
  );
}

/** Field errors in French (empty object when valid); `today` is the Paris calendar day, YYYY-MM-DD. */
export function validateFluxFilters(filters: FluxSearchFilters, today: string): FluxFilterErrors {
  const errors: FluxFilterErrors = {};
  for (const field of FLUX_TEXT_FILTERS) {
    const value = filters[field].trim();
    if (value !== '' && value.length < MIN_TEXT_FILTER_LENGTH) errors[field] = FLUX_FILTER_MESSAGES.tooShort;
  }
  if (filters.licence !== '' && !/^\d+$/.test(filters.licence)) errors.licence = FLUX_FILTER_MESSAGES.licenceDigits;
  // The settlement range (R-SEARCH-15) follows the creation range's rules.
  validateDateRange(filters, 'startDate', 'endDate', today, errors);
  validateDateRange(filters, 'settledFrom', 'settledTo', today, errors);
  const fluxNumber = readFluxNumber(filters.fluxId);
  if (fluxNumber && !fluxNumber.ok) errors.fluxId = fluxNumber.problem;
  validateAmountRange(filters, errors);
  const selected = filters.selection?.ids.length;
  if (selected !== undefined && (selected === 0 || selected > FLUX_SELECTION_MAX))
    errors.selection = FLUX_FILTER_MESSAGES.selectionSize;
  if (areFluxFiltersEmpty(filters)) errors.form = FLUX_FILTER_MESSAGES.allEmpty;
  return errors;
}

type DateFilter = 'startDate' | 'endDate' | 'settledFrom' | 'settledTo';

/** Two real days, none after today (R-SEARCH-02), the end not before the start. */
function validateDateRange(
  filters: FluxSearchFilters,
  start: DateFilter,
  end: DateFilter,
  today: string,
  errors: FluxFilterErrors,
): void {
  for (const field of [start, end]) {
    const value = filters[field];
    if (value === '') continue;
    if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value)) || !isSupportedDay(value))
      errors[field] = FLUX_FILTER_MESSAGES.invalidDate;
    // ISO dates compare as text: no date after today (R-SEARCH-02).
    else if (value > today) errors[field] = FLUX_FILTER_MESSAGES.futureDate;
  }
  if (!errors[start] && !errors[end] && filters[start] && filters[end] && filters[end] < filters[start])
    errors[end] = FLUX_FILTER_MESSAGES.endBeforeStart;
}

/** Amounts in euros, the maximum not below the minimum. */
function validateAmountRange(filters: FluxSearchFilters, errors: FluxFilterErrors): void {
  const min = amountOf(filters.minAmount);
  const max = amountOf(filters.maxAmount);
  if (min === undefined) errors.minAmount = FLUX_FILTER_MESSAGES.invalidAmount;
  if (max === undefined) errors.maxAmount = FLUX_FILTER_MESSAGES.invalidAmount;
  if (typeof min === 'number' && typeof max === 'number' && max < min)
    errors.maxAmount = FLUX_FILTER_MESSAGES.maxBelowMin;
}

/** A typed amount filter: null when empty, undefined when invalid, else cents. */
function amountOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return parseEuroAmount(text) ?? undefined;
}

/** R-SEARCH-05: "The required marker * is shown when the rule text contains 'required'." */
export function isRequiredRule(rules: string): boolean {
  return rules.includes('required');
}

/** R-SCOPE-02, R-SCOPE-03: a type-7 structure picks among its federation's structures; others are locked. */
export function canPickStructure(structureType: StructureTypeId): boolean {
  return structureType === StructureType.Federation;
}

/** R-SCOPE-03: "In the reset logic, types 4, 5 and 7 also clear the structure selection." */
export function resetClearsStructure(structureType: StructureTypeId): boolean {
  return (
    structureType === StructureType.LigueRegionale ||
    structureType === StructureType.ComiteDepartemental ||
    structureType === StructureType.Federation
  );
}

export type FluxWhere = Record<string, unknown>;

/**
 * The GraphQL where of R-SEARCH-06: licence equal, last name contains, federal code
 * equal, label contains, structure equal, creation date range with an inclusive end date
 * (`< start of the next day`, Europe/Paris); and, beyond the specification, the filters of R-SEARCH-15. `lockedStructureId` applies to structures that
 * may not pick (the server enforces the scope anyway).
 */
export function buildFluxWhere(filters: FluxSearchFilters, lockedStructureId?: number): FluxWhere {
  const and: FluxWhere[] = [];
  // R-SEARCH-23: a printed invoice number's season wins over the season filter.
  const season = fluxSearchSeason(filters);
  if (season !== null) and.push({ ID_Saison: { _eq: season } });
  const structureId = lockedStructureId ?? filters.structureId;
  if (structureId !== null) and.push({ ID_Structure: { _eq: structureId } });
  and.push(...textWheres(filters));
  const created = createdRange(filters);
  if (created) and.push({ Z_DateCreation: created });
  // Beyond the specification (R-SEARCH-15): payment status, flux number, amount range, category.
  if (filters.status !== '') and.push(fluxPaymentStatusWhere(filters.status));
  const fluxNumber = parseFluxNumber(filters.fluxId);
  if (fluxNumber) and.push({ id: { _eq: fluxNumber.fluxId } });
  const amount = amountRange(filters);
  if (amount) and.push({ MontantTTC: amount });
  if (filters.category !== null) and.push({ ID_CategoryFlux: { _eq: filters.category } });
  const settled = settledRange(filters);
  if (settled) and.push({ DateReglement: settled });
  // R-SEARCH-22: the scope still applies on the server, as to every search.
  if (filters.selection) and.push({ id: { _in: filters.selection.ids } });
  return { _and: and };
}

/** R-SEARCH-06's text filters: licence equal, last name contains, federal code equal, label contains. */
function textWheres(filters: FluxSearchFilters): FluxWhere[] {
  const and: FluxWhere[] = [];
  const licence = filters.licence.trim();
  if (licence !== '') and.push({ UTI_Utilisateur: { LicenceNumero: { _eq: Number(licence) } } });
  const lastName = filters.lastName.trim();
  if (lastName !== '') and.push({ UTI_Utilisateur: { CT_Nom: { _ilike: contains(lastName) } } });
  const codeFederal = filters.codeFederal.trim();
  if (codeFederal !== '') and.push({ STR_Structure: { ID_CodeFederal: { _eq: codeFederal } } });
  const label = filters.label.trim();
  if (label !== '') and.push({ NomFluxFinancier: { _ilike: contains(label) } });
  return and;
}

/** The creation range: from the start of the first Paris day to the start of the day after the last. */
function createdRange(filters: FluxSearchFilters): Record<string, string> | null {
  return range({
    _gte: filters.startDate ? parisDayStart(filters.startDate) : undefined,
    _lt: filters.endDate ? nextParisDayStart(filters.endDate) : undefined,
  });
}

/** R-SEARCH-15: DateReglement is a calendar day (date column), so the range is inclusive as typed. */
function settledRange(filters: FluxSearchFilters): Record<string, string> | null {
  return range({
    _gte: ISO_DATE.test(filters.settledFrom) ? filters.settledFrom : undefined,
    _lte: ISO_DATE.test(filters.settledTo) ? filters.settledTo : undefined,
  });
}

/** The amount range (MontantTTC) as decimals, null when neither bound is a valid amount. */
function amountRange(filters: FluxSearchFilters): Record<string, string> | null {
  const min = amountOf(filters.minAmount);
  const max = amountOf(filters.maxAmount);
  return range({
    _gte: typeof min === 'number' ? centsToDecimal(min) : undefined,
    _lte: typeof max === 'number' ? centsToDecimal(max) : undefined,
  });
}

/** A range's bounds that are set, null when none is. */
function range(bounds: Record<string, string | undefined>): Record<string, string> | null {
  const set = Object.entries(bounds).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return set.length > 0 ? Object.fromEntries(set) : null;
}

/** `%text%` with the LIKE wildcards of the user's text escaped, so "50%" means 50%. */
export function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}
