import { describe, expect, it } from 'vitest';
import { SEPA_BATCH_STATE_LABELS, sepaBatchState, sepaCollectedFigures, type SepaBatchFigures } from './batch-state';

const none = { nb: 0, cents: 0 };
const figures = (presented: number, rejected: number, relaunched: number): SepaBatchFigures => ({
  presented: { nb: presented, cents: presented * 1000 },
  rejected: { nb: rejected, cents: rejected * 1000 },
  relaunchedRejected: { nb: relaunched, cents: relaunched * 1000 },
});

describe('SEPA batch state (R-RET-07: derived from its debits, never stored)', () => {
  it('a batch without return is generated; a cancelled one is cancelled whatever its figures', () => {
    expect(sepaBatchState(false, figures(5, 0, 0))).toBe('genere');
    expect(sepaBatchState(true, figures(5, 0, 0))).toBe('annule');
    expect(sepaBatchState(true, { presented: none, rejected: none, relaunchedRejected: none })).toBe('annule');
    expect(SEPA_BATCH_STATE_LABELS.genere).toBe('Généré');
  });

  it('some rejected: partially rejected; all rejected: rejected; every reject relaunched: relaunched', () => {
    expect(sepaBatchState(false, figures(5, 2, 0))).toBe('rejete_partiel');
    expect(sepaBatchState(false, figures(5, 2, 1))).toBe('rejete_partiel');
    expect(sepaBatchState(false, figures(2, 2, 0))).toBe('rejete');
    expect(sepaBatchState(false, figures(5, 2, 2))).toBe('rejets_relances');
    expect(SEPA_BATCH_STATE_LABELS[sepaBatchState(false, figures(5, 2, 0))]).toBe('Partiellement rejeté');
  });

  it('collected: what was presented and not rejected, in count and cents', () => {
    expect(sepaCollectedFigures(figures(5, 2, 1))).toEqual({ nb: 3, cents: 3000 });
    expect(sepaCollectedFigures(figures(0, 0, 0))).toEqual({ nb: 0, cents: 0 });
  });
});
