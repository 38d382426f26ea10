import { describe, expect, it } from 'vitest';
import { relaunchDate, relaunchLabel, relaunchRefusal } from './relaunch';

// R-FLUX-05: "A direct-debit relaunch is dated one month ahead."
describe('relaunchDate (R-FLUX-05: dated one month ahead)', () => {
  it('adds one calendar month, same Paris wall-clock time', () => {
    expect(relaunchDate(new Date('2026-11-21T10:00:00.000Z')).toISOString()).toBe('2026-12-21T10:00:00.000Z');
  });
  it('crosses the year', () => {
    expect(relaunchDate(new Date('2026-12-15T08:30:00.000Z')).toISOString()).toBe('2027-01-15T08:30:00.000Z');
  });
  it('clamps to the last day of a shorter month', () => {
    expect(relaunchDate(new Date('2027-01-31T11:00:00.000Z')).toISOString()).toBe('2027-02-28T11:00:00.000Z');
    expect(relaunchDate(new Date('2028-01-31T11:00:00.000Z')).toISOString()).toBe('2028-02-29T11:00:00.000Z');
  });
  it('follows the Paris calendar, not UTC, and keeps the local hour across daylight saving time', () => {
    // 31 March 2027 00:30 in Paris (UTC+2) is 30 March 22:30 UTC: one month later is 30 April in Paris.
    expect(relaunchDate(new Date('2027-03-30T22:30:00.000Z')).toISOString()).toBe('2027-04-29T22:30:00.000Z');
    // 10 March 09:00 Paris (UTC+1) -> 10 April 09:00 Paris (UTC+2).
    expect(relaunchDate(new Date('2027-03-10T08:00:00.000Z')).toISOString()).toBe('2027-04-10T07:00:00.000Z');
  });
});

describe('relaunchRefusal (R-FLUX-07: relaunch of a direct-debit flux)', () => {
  const unpaidDirectDebit = {
    ID_CategoryFlux: 5,
    EST_Debit: true,
    EST_Reglement: false,
    ID_FluxFinancierRelance: null,
  };
  it('accepts an unpaid direct-debit debit that was never relaunched', () => {
    expect(relaunchRefusal(unpaidDirectDebit)).toBeNull();
  });
  it('refuses other categories, credits, paid and already relaunched flux', () => {
    expect(relaunchRefusal({ ...unpaidDirectDebit, ID_CategoryFlux: 4 })).toMatch(/prélèvement SEPA/);
    expect(relaunchRefusal({ ...unpaidDirectDebit, EST_Debit: false })).toMatch(/prélèvement SEPA/);
    expect(relaunchRefusal({ ...unpaidDirectDebit, EST_Reglement: true })).toMatch(/déjà réglé/);
    expect(relaunchRefusal({ ...unpaidDirectDebit, ID_FluxFinancierRelance: 12 })).toMatch(/déjà été relancé/);
  });
  it('labels the new flux', () => {
    expect(relaunchLabel('Prélèvement licences')).toBe('Prélèvement licences (relance)');
  });
});
