import { describe, expect, it } from 'vitest';
import { payoutCancellationRefusal } from './payout-cancellation';

describe('R-PAY-07: a payout file is cancelled only before the bank executes it', () => {
  it('until the day before its execution day, when none of its refunds is settled', () => {
    expect(payoutCancellationRefusal({ dateExecution: '2026-12-02', refundSettled: false }, '2026-12-01')).toBeNull();
  });

  it('never on or after its execution day', () => {
    for (const today of ['2026-12-02', '2026-12-03'])
      expect(payoutCancellationRefusal({ dateExecution: '2026-12-02', refundSettled: false }, today)).toMatch(
        /date d’exécution/,
      );
  });

  it('never once one of its refunds is settled', () => {
    expect(payoutCancellationRefusal({ dateExecution: '2026-12-09', refundSettled: true }, '2026-12-01')).toMatch(
      /déjà réglé/,
    );
  });
});
