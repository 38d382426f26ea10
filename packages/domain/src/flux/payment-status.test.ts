import { describe, expect, it } from 'vitest';
import {
  fluxPaymentStatus,
  fluxPaymentStatusWhere,
  isFluxPaymentStatus,
  type PaymentStatusFacts,
} from './payment-status';

const RETURN = { CodeRaison: 'AM04', DateRetour: '2026-10-05', TypeRetour: 'retour' };
const flux = (facts: Partial<PaymentStatusFacts>): PaymentStatusFacts => ({
  EST_Reglement: false,
  ID_FluxFinancierRelance: null,
  MKP_RetourPrelevement: null,
  ...facts,
});

describe('fluxPaymentStatus (R-FLUX-08: payé, impayé, relancé, rejeté)', () => {
  it("'payé' when the flux is settled, whatever happened before", () => {
    expect(fluxPaymentStatus(flux({ EST_Reglement: true }))).toBe('paye');
    expect(fluxPaymentStatus(flux({ EST_Reglement: true, MKP_RetourPrelevement: RETURN }))).toBe('paye');
    expect(fluxPaymentStatus(flux({ EST_Reglement: true, ID_FluxFinancierRelance: 9 }))).toBe('paye');
  });
  it("'relancé' when not settled and relaunched, returned by the bank or not", () => {
    expect(fluxPaymentStatus(flux({ ID_FluxFinancierRelance: 12 }))).toBe('relance');
    expect(fluxPaymentStatus(flux({ ID_FluxFinancierRelance: 12, MKP_RetourPrelevement: RETURN }))).toBe('relance');
  });
  it("'rejeté' when the bank returned it and it was neither paid nor relaunched since", () => {
    expect(fluxPaymentStatus(flux({ MKP_RetourPrelevement: RETURN }))).toBe('rejete');
  });
  it("'impayé' otherwise (no return read, or none)", () => {
    expect(fluxPaymentStatus(flux({}))).toBe('impaye');
    expect(fluxPaymentStatus({ EST_Reglement: false, ID_FluxFinancierRelance: null })).toBe('impaye');
  });
  it('knows its four values only', () => {
    expect(['paye', 'impaye', 'relance', 'rejete'].every(isFluxPaymentStatus)).toBe(true);
    expect(isFluxPaymentStatus('autre')).toBe(false);
    expect(isFluxPaymentStatus('')).toBe(false);
  });
});

/** Evaluates the where on facts, as the server would: the filter must agree with the badge. */
function matches(where: Record<string, unknown>, facts: PaymentStatusFacts): boolean {
  return Object.entries(where).every(([key, value]) => {
    const condition = value as Record<string, unknown>;
    if (key === '_and') return (value as Record<string, unknown>[]).every((item) => matches(item, facts));
    if (key === '_not') return !matches(condition, facts);
    if (key === 'MKP_RetourPrelevement') return facts.MKP_RetourPrelevement != null;
    const actual = facts[key as keyof PaymentStatusFacts];
    if ('_eq' in condition) return actual === condition._eq;
    if ('_is_null' in condition) return (actual === null) === condition._is_null;
    throw new Error(`unexpected ${key}`);
  });
}

describe('fluxPaymentStatusWhere: the filter selects exactly the flux of that badge', () => {
  const cases: PaymentStatusFacts[] = [];
  for (const EST_Reglement of [true, false])
    for (const ID_FluxFinancierRelance of [null, 5])
      for (const MKP_RetourPrelevement of [null, RETURN])
        cases.push({ EST_Reglement, ID_FluxFinancierRelance, MKP_RetourPrelevement });
  it.each(['paye', 'impaye', 'relance', 'rejete'] as const)('%s', (status) => {
    for (const facts of cases)
      expect(matches(fluxPaymentStatusWhere(status), facts)).toBe(fluxPaymentStatus(facts) === status);
  });
});
