import { describe, expect, it } from 'vitest';
import { sepaReturnAnomalies, type SepaReturnFit } from './return-anomalies';

const fitting: SepaReturnFit = {
  debitCents: 11000,
  reportedCents: 11000,
  currency: 'EUR',
  returnDate: '2026-12-04',
  collectionDate: '2026-12-03',
};
const codes = (fit: SepaReturnFit) => sepaReturnAnomalies(fit).map((anomaly) => anomaly.code);

describe('R-RET-05: a return that does not fit its debit is an anomaly', () => {
  it('a return of the debit’s amount, in euros, on or after the collection date fits', () => {
    expect(sepaReturnAnomalies(fitting)).toEqual([]);
    expect(codes({ ...fitting, returnDate: '2026-12-03' })).toEqual([]);
  });

  it('nothing to compare is no anomaly: no amount, no currency, no known collection date', () => {
    expect(codes({ ...fitting, reportedCents: null, currency: null, collectionDate: null })).toEqual([]);
  });

  it('a 100,00 € return of a 110,00 € debit, dated 2016 for a 2026 collection: amount and date', () => {
    const anomalies = sepaReturnAnomalies({ ...fitting, reportedCents: 10000, returnDate: '2016-12-04' });
    expect(anomalies.map((anomaly) => anomaly.code)).toEqual(['montant', 'date']);
    expect(anomalies[0]?.message).toMatch(/^Montant du retour \(100,00\s€\) différent du prélèvement \(110,00\s€\)$/);
    expect(anomalies[1]?.message).toBe('Retour daté du 04/12/2016, avant l’échéance du prélèvement (03/12/2026)');
  });

  it('a currency other than the euro', () => {
    expect(codes({ ...fitting, currency: 'CHF' })).toEqual(['devise']);
    expect(sepaReturnAnomalies({ ...fitting, currency: 'CHF' })[0]?.message).toBe(
      'Devise CHF : le prélèvement était en euros',
    );
  });

  it('an amount given but unreadable (no amount of 10 digits and 2 decimals) is an amount anomaly, never nothing', () => {
    const unreadable = { ...fitting, reportedCents: null, unreadableAmount: '12345678901.00' };
    expect(codes(unreadable)).toEqual(['montant']);
    expect(sepaReturnAnomalies(unreadable)[0]?.message).toMatch(
      /^Montant du retour illisible \(« 12345678901\.00 »\) : le prélèvement était de 110,00\s€$/,
    );
    expect(codes({ ...unreadable, currency: 'USD' })).toEqual(['montant', 'devise']);
  });
});
