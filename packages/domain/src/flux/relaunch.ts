import { FluxCategory } from './categories';
import { wallClock, wallClockAsUtc, type WallClock } from './paris-day';
/**
 * Relaunch of a failed direct debit (R-FLUX-05: "It re-creates a direct-debit flux
 * dated one month later"; "A direct-debit relaunch is dated one month ahead").
 */

/** MKP_CategoryFlux 5: Prélèvement SEPA (R-FLUX-03). */
export const DIRECT_DEBIT_CATEGORY_ID = FluxCategory.Prelevement;

export const RELAUNCH_LABEL_SUFFIX = ' (relance)';

export interface RelaunchCandidate {
  ID_CategoryFlux: number;
  EST_Debit: boolean;
  EST_Reglement: boolean;
  ID_FluxFinancierRelance: number | null;
}

/** Why a flux cannot be relaunched (French, shown to the user), or null when it can. */
export function relaunchRefusal(flux: RelaunchCandidate): string | null {
  if (flux.ID_CategoryFlux !== DIRECT_DEBIT_CATEGORY_ID || !flux.EST_Debit) {
    return 'Seul un prélèvement SEPA au débit peut être relancé.';
  }
  if (flux.EST_Reglement) return 'Ce prélèvement est déjà réglé : il ne peut pas être relancé.';
  if (flux.ID_FluxFinancierRelance !== null) return 'Ce prélèvement a déjà été relancé.';
  return null;
}

export function relaunchLabel(label: string): string {
  return `${label}${RELAUNCH_LABEL_SUFFIX}`;
}

/**
 * The relaunched flux's date: one calendar month after `now`, same wall-clock time in
 * `timeZone` (the federation works in Europe/Paris), clamped to the month's last day
 * (31 January -> 28 or 29 February).
 */
export function relaunchDate(now: Date, timeZone = 'Europe/Paris'): Date {
  const local = wallClock(now, timeZone);
  // local.month is 1-based, so it is also the 0-based index of the next month.
  const year = local.year + Math.floor(local.month / 12);
  const month = local.month % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const target = { ...local, year, month: month + 1, day: Math.min(local.day, lastDay) };
  return fromWallClock(target, timeZone, now.getUTCMilliseconds());
}

/** The instant whose wall clock in `timeZone` is `clock` (two passes settle DST changes). */
function fromWallClock(clock: WallClock, timeZone: string, milliseconds: number): Date {
  const wanted = wallClockAsUtc(clock);
  let instant = wanted;
  for (let pass = 0; pass < 2; pass++) {
    const offset = wallClockAsUtc(wallClock(new Date(instant), timeZone)) - instant;
    instant = wanted - offset;
  }
  return new Date(instant + milliseconds);
}
