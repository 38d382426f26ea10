import { describe, expect, it } from 'vitest';
import { creditCell, debitCell, licenceNumber, licenseeName, totalLabel } from './flux-display';
import { nextParisDayStart, parisDateTime, parisDayStart, parisToday } from './paris-day';

const euro = (value: string | number) => `${Number(value).toFixed(2)} €`;

describe('Débit / Crédit (R-FLUX-01: "Débit shows MontantTTC when EST_Debit is true, otherwise \'-\'")', () => {
  it('shows a debit in Débit only', () => {
    expect(debitCell({ MontantTTC: '12.5', EST_Debit: true }, euro)).toBe('12.50 €');
    expect(creditCell({ MontantTTC: '12.5', EST_Debit: true }, euro)).toBe('-');
  });
  it('"Crédit is the reverse."', () => {
    expect(debitCell({ MontantTTC: 30, EST_Debit: false }, euro)).toBe('-');
    expect(creditCell({ MontantTTC: 30, EST_Debit: false }, euro)).toBe('30.00 €');
  });
});

describe('licensee (R-FLUX-02: "A licensee without a user record shows \'N.C\'")', () => {
  it('shows N.C without a user', () => {
    expect(licenseeName(null)).toBe('N.C');
    expect(licenceNumber(undefined)).toBe('N.C');
  });
  it('shows the name and licence number otherwise', () => {
    expect(licenseeName({ CT_Nom: 'Dupont', CT_Prenom: 'Anne', LicenceNumero: 42 })).toBe('DUPONT Anne');
    expect(licenceNumber({ CT_Nom: 'Dupont', CT_Prenom: 'Anne', LicenceNumero: 42 })).toBe('42');
  });
});

describe('totalLabel (R-SEARCH-13: capped count shown as "plus de 10 000")', () => {
  const plain = (value: number) => String(value);
  it('shows the count up to the cap and "plus de" above it', () => {
    expect(totalLabel(10_000, plain)).toBe('10000');
    expect(totalLabel(10_001, plain)).toBe('plus de 10000');
  });
});

describe('Paris days', () => {
  it('gives midnight with the winter and summer offsets', () => {
    expect(parisDayStart('2024-01-15')).toBe('2024-01-15T00:00:00+01:00');
    expect(parisDayStart('2024-07-15')).toBe('2024-07-15T00:00:00+02:00');
    // The day clocks go forward (31 March 2024): midnight is still winter time.
    expect(parisDayStart('2024-03-31')).toBe('2024-03-31T00:00:00+01:00');
    expect(nextParisDayStart('2024-02-28')).toBe('2024-02-29T00:00:00+01:00');
  });
  it('reads today in Paris, not UTC', () => {
    expect(parisToday(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
  });
  it('writes an instant as Paris time with its offset, on both sides of a clock change', () => {
    expect(parisDateTime(new Date('2026-11-23T20:05:00Z'))).toBe('2026-11-23T21:05:00+01:00');
    expect(parisDateTime(new Date('2026-07-14T22:30:09.999Z'))).toBe('2026-07-15T00:30:09+02:00');
    // 29 March 2026, 01:00 UTC: clocks jump from 02:00 to 03:00.
    expect(parisDateTime(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29T01:59:59+01:00');
    expect(parisDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29T03:00:00+02:00');
  });
});
