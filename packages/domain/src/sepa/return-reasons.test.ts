import { describe, expect, it } from 'vitest';
import {
  isSepaReturnReasonCode,
  isWellFormedReasonCode,
  SEPA_RETURN_REASONS,
  sepaReturnReasonLabel,
} from './return-reasons';

describe('SDD R-transaction reason codes (EPC173-14 guidance, ISO 20022 ExternalStatusReason1Code)', () => {
  it('labels the codes of the EPC guidance in French', () => {
    expect(sepaReturnReasonLabel('AC01')).toBe('IBAN incorrect');
    expect(sepaReturnReasonLabel('AC04')).toBe('Compte clos');
    expect(sepaReturnReasonLabel('AC06')).toBe('Compte bloqué');
    expect(sepaReturnReasonLabel('AG01')).toBe('Transaction interdite sur ce compte');
    expect(sepaReturnReasonLabel('AM04')).toBe('Provision insuffisante');
    expect(sepaReturnReasonLabel('MD01')).toBe('Pas de mandat');
    expect(sepaReturnReasonLabel('MD06')).toBe('Remboursement demandé par le débiteur');
    expect(sepaReturnReasonLabel('MS02')).toBe('Refus du débiteur');
    expect(sepaReturnReasonLabel('MS03')).toBe('Raison non précisée par la banque');
    expect(sepaReturnReasonLabel('SL01')).toBe('Service spécifique de la banque du débiteur');
  });

  it('covers every code the EPC guidance lists for SDD Core rejects, returns and refunds', () => {
    // EPC173-14 v6: the codes a debtor bank, a CSM or the creditor bank may use for SDD.
    const epcCodes = [
      'AC01',
      'AC04',
      'AC06',
      'AC13',
      'AG01',
      'AG02',
      'AM04',
      'AM05',
      'BE05',
      'CNOR',
      'DNOR',
      'ED05',
      'FF01',
      'MD01',
      'MD02',
      'MD06',
      'MD07',
      'MS02',
      'MS03',
      'RC01',
      'RR01',
      'RR02',
      'RR03',
      'RR04',
      'SL01',
      'SL11',
      'SL12',
      'SL13',
      'SL14',
      'TM01',
    ];
    for (const code of epcCodes) expect(isSepaReturnReasonCode(code), code).toBe(true);
    expect(Object.keys(SEPA_RETURN_REASONS).sort()).toEqual([...epcCodes].sort());
  });

  it('every label is French text, non-empty, without the code itself', () => {
    for (const [code, label] of Object.entries(SEPA_RETURN_REASONS)) {
      expect(label.length).toBeGreaterThan(3);
      expect(label).not.toContain(code);
    }
  });

  it('keeps codes outside the EPC subset with their code, and says when the bank gave none', () => {
    expect(isSepaReturnReasonCode('NARR')).toBe(false);
    expect(sepaReturnReasonLabel('NARR')).toBe('Motif NARR (code ISO 20022 non répertorié)');
    expect(sepaReturnReasonLabel(null)).toBe('Motif non communiqué par la banque');
    // Object.prototype keys are not codes.
    expect(isSepaReturnReasonCode('toString')).toBe(false);
  });

  it('accepts only four upper-case letters or digits as an ISO external code', () => {
    expect(isWellFormedReasonCode('AM04')).toBe(true);
    expect(isWellFormedReasonCode('NARR')).toBe(true);
    expect(isWellFormedReasonCode('am04')).toBe(false);
    expect(isWellFormedReasonCode('AM045')).toBe(false);
    expect(isWellFormedReasonCode('<x/>')).toBe(false);
  });
});
