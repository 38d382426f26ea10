/**
 * How people name a flux (R-SEARCH-23): its id ('49758') or the number its documents print,
 * the invoice number of R-FACT-01 ('2027-FFME-49758'). A facture and an avoir print their own
 * flux's number in that form, an avis de prélèvement prints the number of the invoice it
 * relaunches (R-FACT-07): there is no other prefix to read. One reader for every place a flux
 * number is typed (the search filter, its URL, the reconciliation's search), so a number that
 * finds a flux in one finds it in all.
 */

/** A flux named by a person: its id, and the season its printed number names (null for a bare id). */
export interface FluxNumber {
  fluxId: number;
  seasonId: number | null;
}

export type FluxNumberReading = { ok: true; number: FluxNumber } | { ok: false; problem: string };

export const FLUX_NUMBER_MESSAGES = {
  format: 'Saisissez un n° de flux (ex. 49758) ou un n° de facture (ex. 2027-FFME-49758)',
  outOfRange: 'Ce numéro de flux est hors limites',
} as const;

const MAX_FLUX_ID = 2_147_483_647;
/**
 * The id alone, or season, 'FFME' and id: in any case, spaces or dashes between the parts
 * (as typed from paper), spaces around.
 */
const FLUX_NUMBER = /^(?:(\d{4})[\s-]*FFME[\s-]*)?(\d{1,10})$/i;

/**
 * R-SEARCH-23: reads a typed flux number; null when the text is blank. Whatever it cannot read
 * is named in French (never dropped silently): digits only, or the printed invoice number.
 */
export function readFluxNumber(text: string): FluxNumberReading | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = FLUX_NUMBER.exec(trimmed);
  if (!match) return { ok: false, problem: FLUX_NUMBER_MESSAGES.format };
  const fluxId = Number(match[2]);
  if (fluxId < 1 || fluxId > MAX_FLUX_ID) return { ok: false, problem: FLUX_NUMBER_MESSAGES.outOfRange };
  return { ok: true, number: { fluxId, seasonId: match[1] === undefined ? null : Number(match[1]) } };
}

/** The printed form of FLUX_NUMBER (season required) as it stands among other words. */
const PRINTED_FLUX_NUMBER_IN_TEXT = /(?<![\dA-Z])\d{4}[\s-]*FFME[\s-]*\d{1,10}(?!\d)/gi;

/**
 * R-SEARCH-23, R-BANK-02 (a): the printed invoice numbers a free text quotes (a transfer's
 * remittance lines: 'REGLEMENT FACT 2027-FFME-49758', '2027 FFME 49758'), each read by
 * readFluxNumber, so a bank entry names a flux exactly as the search reads it.
 */
export function fluxNumbersInText(text: string): FluxNumber[] {
  const found: FluxNumber[] = [];
  for (const match of text.matchAll(PRINTED_FLUX_NUMBER_IN_TEXT)) {
    const reading = readFluxNumber(match[0]);
    if (reading?.ok) found.push(reading.number);
  }
  return found;
}

/** The flux number a text names, or null when blank or unreadable (the field shows why). */
export function parseFluxNumber(text: string): FluxNumber | null {
  const reading = readFluxNumber(text);
  return reading?.ok ? reading.number : null;
}

/**
 * R-SEARCH-23: the season a search on this flux number applies: the printed number's season
 * wins over the season filter (which defaults to the current season, R-SEARCH-11), so a paper
 * invoice of any season finds its flux; a bare id keeps the season filter.
 */
export function fluxSearchSeason(filters: { season: number | null; fluxId: string }): number | null {
  return parseFluxNumber(filters.fluxId)?.seasonId ?? filters.season;
}

/**
 * R-SEARCH-23: the printed number's season when it sets the season filter aside (the filter
 * names another season), for the hint beside the field; null otherwise.
 */
export function seasonSetAsideByFluxNumber(filters: { season: number | null; fluxId: string }): number | null {
  const seasonId = parseFluxNumber(filters.fluxId)?.seasonId ?? null;
  return seasonId !== null && filters.season !== null && seasonId !== filters.season ? seasonId : null;
}
