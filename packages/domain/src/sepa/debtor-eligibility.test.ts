import { describe, expect, it } from 'vitest';
import { sepaExclusion, usableBic, type DebtorBankDetails } from './debtor-eligibility';

const valid: DebtorBankDetails = {
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  mandateValid: true,
  mandateReference: 'FFME-C001-42',
  mandateSignedOn: '2024-09-12',
  town: 'Lyon',
  country: 'FR',
};

describe('SEPA debtor eligibility (missing data; EPC rules are in sepa-preflight)', () => {
  it('accepts a valid IBAN with a valid mandate and a town', () => {
    expect(sepaExclusion(valid)).toBeNull();
  });

  it.each([
    [{ iban: null }, 'sans_rib'],
    [{ mandateValid: false }, 'mandat_expire'],
    [{ iban: '  ' }, 'sans_rib'],
    [{ mandateReference: null }, 'sans_rum'],
    [{ mandateReference: ' ' }, 'sans_rum'],
    [{ mandateSignedOn: null }, 'sans_date_signature'],
    [{ town: '  ' }, 'adresse_incomplete'],
    [{ country: null }, 'adresse_incomplete'],
  ] as const)('excludes %o as %s', (change, code) => {
    expect(sepaExclusion({ ...valid, ...change })).toBe(code);
  });

  it('keeps only well-formed BICs', () => {
    expect(usableBic('BNPAFRPPXXX')).toBe('BNPAFRPPXXX');
    expect(usableBic('bnpa frpp')).toBe('BNPAFRPP');
    expect(usableBic('NOT A BIC')).toBeNull();
    expect(usableBic(null)).toBeNull();
  });
});
