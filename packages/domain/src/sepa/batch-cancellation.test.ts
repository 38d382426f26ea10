import { describe, expect, it } from 'vitest';
import {
  canCancelSepaBatch,
  SEPA_CANCELLATION_REFUSALS,
  sepaCancellationRefusal,
  type SepaBatchCancellationState,
} from './batch-cancellation';

const standing: SepaBatchCancellationState = { cancelledAt: null, settledFlux: 0, returnedFlux: 0 };

describe('SEPA batch cancellation (R-SEPA-08: only before the bank has answered for any of its debits)', () => {
  it('allows a standing batch none of whose flux the bank has answered for', () => {
    expect(sepaCancellationRefusal(standing)).toBeNull();
    expect(canCancelSepaBatch(standing)).toBe(true);
  });

  it('refuses a second cancellation, whatever its flux', () => {
    expect(sepaCancellationRefusal({ ...standing, cancelledAt: '2026-11-02T09:00:00Z' })).toBe('deja_annule');
    expect(sepaCancellationRefusal({ cancelledAt: new Date(), settledFlux: 3, returnedFlux: 1 })).toBe('deja_annule');
  });

  it('refuses once one debit was collected (settled): the file reached the bank', () => {
    expect(sepaCancellationRefusal({ ...standing, settledFlux: 1 })).toBe('flux_regles');
    expect(canCancelSepaBatch({ ...standing, settledFlux: 1 })).toBe(false);
  });

  it('refuses once one debit came back (EPC SDD Core R-transaction: reject, return) or was relaunched', () => {
    expect(sepaCancellationRefusal({ ...standing, returnedFlux: 2 })).toBe('flux_retournes');
  });

  it('explains every refusal in French', () => {
    for (const message of Object.values(SEPA_CANCELLATION_REFUSALS)) expect(message).toMatch(/^Ce lot SEPA /);
  });
});
