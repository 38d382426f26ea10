/**
 * Login throttling policy (R-SEC-06): pure numbers, the server's stores only count.
 *
 * Per account (the e-mail typed, known or not, so the answer never tells which exist):
 * the first failures are free (typos), then each failure locks the account for a delay
 * that doubles, up to 15 minutes. A success (or a password reset) clears the count.
 * Guessing a password then costs about 100 attempts a day per account.
 *
 * Per address: only failures count, over a fixed 15-minute window. An office of 100 people
 * behind one NAT address who all mistype their password three times in the same quarter
 * of an hour make 300 failures: the ceiling (500) leaves that a wide margin, while a
 * password-spraying script (one common password tried on many accounts, which the
 * per-account rule cannot see) is held to 2,000 guesses an hour per address. Successes
 * never count, so 100 colleagues signing in from one address are never slowed.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_FIRST_DELAY_MS = 30_000;
export const LOGIN_MAX_DELAY_MS = 15 * 60_000;
/** How long an account's failures are remembered after the last one. */
export const LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60_000;

export const LOGIN_ADDRESS_WINDOW_MS = 15 * 60_000;
export const LOGIN_ADDRESS_MAX_FAILURES = 500;

/** Lock delay after the `failures`-th consecutive failure of an account (0: no lock). */
export function accountLockDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  const doublings = failures - LOGIN_FREE_FAILURES;
  // 2^doublings overflows nothing here: capped long before (30 s x 2^5 > 15 min).
  return Math.min(LOGIN_MAX_DELAY_MS, LOGIN_FIRST_DELAY_MS * 2 ** Math.min(doublings, 20));
}

/** Whether an address has used up its failures for the current window. */
export function addressBlocked(failuresInWindow: number): boolean {
  return failuresInWindow >= LOGIN_ADDRESS_MAX_FAILURES;
}

/** The French 429 message, the wait rounded up to what a person reads. */
export function loginRetryMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const wait =
    seconds < 60
      ? `${seconds} seconde${seconds > 1 ? 's' : ''}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) > 1 ? 's' : ''}`;
  return `Trop de tentatives de connexion. Merci de réessayer dans ${wait}.`;
}
