import { describe, expect, it } from 'vitest';
import { allocationProblem, settlesFlux } from './allocations';
import { defaultAllocations, inMatchWindow, proposeMatches, type MatchingData, type OpenFlux } from './matching';
import { entryReferences, hasReference } from './references';

const flux = (id: number, dueCents: number, more: Partial<OpenFlux> = {}): OpenFlux => ({
  id,
  seasonId: 2026,
  structureId: 10,
  amountCents: dueCents,
  dueCents,
  batchId: null,
  rejected: false,
  createdDay: '2026-01-10',
  ...more,
});

function dataOf(all: OpenFlux[], structuresByIban: Record<string, number[]> = {}): MatchingData {
  const group = <K>(key: (item: OpenFlux) => K | null) => {
    const map = new Map<K, OpenFlux[]>();
    for (const item of all) {
      const k = key(item);
      if (k !== null) map.set(k, [...(map.get(k) ?? []), item]);
    }
    return map;
  };
  return {
    flux: new Map(all.map((item) => [item.id, item])),
    batchFlux: group((item) => item.batchId),
    structuresByIban: new Map(Object.entries(structuresByIban)),
    fluxByStructure: group((item) => item.structureId),
    fluxByDue: group((item) => item.dueCents),
  };
}

const entry = (
  amountCents: number,
  texts: string[] = [],
  more: Partial<Parameters<typeof entryReferences>[0]> = {},
) => {
  const base = { remittanceInfo: texts, label: null, endToEndIds: [], batch: null, ...more };
  return {
    amountCents,
    bookingDate: '2026-02-01',
    debtorIban: null as string | null,
    references: entryReferences(base),
  };
};

describe('R-BANK-02 (a): references read in the remittance information', () => {
  it('reads invoice numbers with or without dashes, flux ids, EndToEndIds and batch ids', () => {
    const references = entryReferences({
      remittanceInfo: ['VIR CLUB FACT 2026-FFME-123 ET 2026 FFME 124', 'flux n° 77 / GDF-5-9'],
      label: 'PRLV GDF-SEPA-12',
      endToEndIds: ['GDF-5-10', 'NOTPROVIDED'],
      batch: {
        messageId: 'GDF-SEPA-13',
        paymentInformationId: 'GDF-SEPA-13-1',
        numberOfTransactions: 2,
        totalCents: 100,
      },
    });
    expect(references.invoices).toEqual([
      { seasonId: 2026, fluxId: 123 },
      { seasonId: 2026, fluxId: 124 },
    ]);
    expect(references.fluxIds).toEqual([77]);
    expect(references.endToEnd).toEqual([
      { batchId: 5, fluxId: 10 },
      { batchId: 5, fluxId: 9 },
    ]);
    expect(references.batchIds.sort()).toEqual([12, 13]);
    expect(hasReference(references)).toBe(true);
  });

  it('finds nothing in a label without our references (amounts and dates are not ids)', () => {
    const references = entryReferences({
      remittanceInfo: ['COTISATION 2026 CLUB 123,45 EUR 12/02'],
      label: null,
      endToEndIds: [],
      batch: null,
    });
    expect(hasReference(references)).toBe(false);
  });
});

describe('R-BANK-02 (a-d): proposals scored, best first', () => {
  it('an invoice number whose flux owes the amount is a sure proposal', () => {
    const e = entry(5000, ['FACTURE 2026-FFME-1']);
    const [best] = proposeMatches(e, e.references, dataOf([flux(1, 5000), flux(2, 5000)]));
    expect(best).toMatchObject({ fluxIds: [1], score: 100, confidence: 'sure', reasons: ['facture', 'montant'] });
  });

  it('an invoice number of another season names no flux', () => {
    const e = entry(5000, ['FACTURE 2025-FFME-1']);
    const proposals = proposeMatches(e, e.references, dataOf([flux(1, 5000, { createdDay: '2025-01-01' })]));
    expect(proposals.every((p) => !p.reasons.includes('facture'))).toBe(true);
  });

  it('a reference owing another amount is a probable partial payment, to split', () => {
    const e = entry(3000, ['2026-FFME-1']);
    const [best] = proposeMatches(e, e.references, dataOf([flux(1, 5000)]));
    expect(best).toMatchObject({
      fluxIds: [1],
      score: 65,
      confidence: 'probable',
      reasons: ['facture', 'montant_different'],
    });
  });

  it('several invoices paid by one transfer: the sum settles them all', () => {
    const e = entry(8000, ['2026-FFME-1 2026-FFME-2']);
    const [best] = proposeMatches(e, e.references, dataOf([flux(1, 5000), flux(2, 3000)]));
    expect(best).toMatchObject({ fluxIds: [1, 2], score: 100, dueCents: 8000 });
  });

  it('a batch credited as one line settles all its non-rejected flux', () => {
    const batch = [
      flux(1, 1000, { batchId: 7 }),
      flux(2, 2000, { batchId: 7 }),
      flux(3, 4000, { batchId: 7, rejected: true }),
    ];
    const e = entry(3000, [], {
      batch: { messageId: 'GDF-SEPA-7', paymentInformationId: null, numberOfTransactions: 2, totalCents: 3000 },
    });
    const [best] = proposeMatches(e, e.references, dataOf(batch));
    expect(best).toMatchObject({ fluxIds: [1, 2], score: 100, reasons: ['lot', 'montant_lot'] });
  });

  it('an EndToEndId names its flux only with the batch that collected it', () => {
    const e = entry(1000, [], { endToEndIds: ['GDF-8-1'] });
    expect(proposeMatches(e, e.references, dataOf([flux(1, 1000, { batchId: 7 })]))[0]?.reasons).not.toContain(
      'bout_en_bout',
    );
    expect(proposeMatches(e, e.references, dataOf([flux(1, 1000, { batchId: 8 })]))[0]).toMatchObject({ score: 100 });
  });

  it("the debtor's IBAN finds the structure, then its flux owing the amount", () => {
    const e = { ...entry(2500), debtorIban: 'FR7630006000011234567890189' };
    const data = dataOf([flux(1, 2500, { structureId: 10 }), flux(2, 2500, { structureId: 11 })], {
      FR7630006000011234567890189: [10],
    });
    const [best, second] = proposeMatches(e, e.references, data);
    expect(best).toMatchObject({ fluxIds: [1], score: 90, reasons: ['iban', 'montant'] });
    expect(second).toMatchObject({ fluxIds: [2], score: 40, confidence: 'possible' });
  });

  it("the debtor's IBAN and the total of the structure's open flux", () => {
    const e = { ...entry(3500), debtorIban: 'FR7630006000011234567890189' };
    const data = dataOf([flux(1, 2500), flux(2, 1000)], { FR7630006000011234567890189: [10] });
    expect(proposeMatches(e, e.references, data)[0]).toMatchObject({ fluxIds: [1, 2], score: 80 });
  });

  it('the amount alone: one flux is probable, two flux are both possible (an amount matching two flux)', () => {
    const one = entry(4200);
    expect(proposeMatches(one, one.references, dataOf([flux(1, 4200)]))[0]).toMatchObject({ score: 60 });
    const both = proposeMatches(one, one.references, dataOf([flux(1, 4200), flux(2, 4200, { structureId: 11 })]));
    expect(both.map((p) => [p.fluxIds, p.confidence])).toEqual([
      [[1], 'possible'],
      [[2], 'possible'],
    ]);
  });

  it('(d) without a reference, only flux created in the window before the booking day', () => {
    expect(inMatchWindow({ createdDay: '2026-02-01' }, '2026-02-01')).toBe(true);
    expect(inMatchWindow({ createdDay: '2026-02-02' }, '2026-02-01')).toBe(false);
    expect(inMatchWindow({ createdDay: '2025-08-05' }, '2026-02-01')).toBe(true);
    expect(inMatchWindow({ createdDay: '2025-08-04' }, '2026-02-01')).toBe(false);
    const e = entry(4200);
    expect(proposeMatches(e, e.references, dataOf([flux(1, 4200, { createdDay: '2025-01-01' })]))).toEqual([]);
  });

  it('keeps at most five proposals', () => {
    const e = entry(100);
    const many = Array.from({ length: 9 }, (_, i) => flux(i + 1, 100));
    expect(proposeMatches(e, e.references, dataOf(many))).toHaveLength(5);
  });
});

describe('R-BANK-04: confirming parts of a credit (split)', () => {
  const due = new Map([
    [1, 5000],
    [2, 3000],
  ]);

  it('accepts parts within what each flux owes and within the credit', () => {
    expect(
      allocationProblem(
        8000,
        [
          { fluxId: 1, amountCents: 5000 },
          { fluxId: 2, amountCents: 3000 },
        ],
        due,
      ),
    ).toBeNull();
    expect(allocationProblem(8000, [{ fluxId: 1, amountCents: 2000 }], due)).toBeNull();
  });

  it('refuses no part, a flux twice, a zero or fractional amount, an unknown flux, too much', () => {
    expect(allocationProblem(8000, [], due)).toMatch(/au moins un flux/);
    expect(
      allocationProblem(
        8000,
        [
          { fluxId: 1, amountCents: 1 },
          { fluxId: 1, amountCents: 1 },
        ],
        due,
      ),
    ).toMatch(/deux fois/);
    expect(allocationProblem(8000, [{ fluxId: 1, amountCents: 0 }], due)).toMatch(/positif/);
    expect(allocationProblem(8000, [{ fluxId: 1, amountCents: 10.5 }], due)).toMatch(/positif/);
    expect(allocationProblem(8000, [{ fluxId: 3, amountCents: 100 }], due)).toMatch(/flux 3/);
    expect(allocationProblem(8000, [{ fluxId: 2, amountCents: 3001 }], due)).toMatch(/ne doit plus que 30,00/);
    expect(allocationProblem(4000, [{ fluxId: 1, amountCents: 5000 }], due)).toMatch(/dépassent le crédit/);
  });

  it('a flux is settled when its parts reach its amount', () => {
    expect(settlesFlux(5000, 4999)).toBe(false);
    expect(settlesFlux(5000, 5000)).toBe(true);
  });

  it('default parts give each flux its due, the last capped by the credit', () => {
    expect(
      defaultAllocations(6000, [
        { id: 1, dueCents: 5000 },
        { id: 2, dueCents: 3000 },
      ]),
    ).toEqual([
      { fluxId: 1, amountCents: 5000 },
      { fluxId: 2, amountCents: 1000 },
    ]);
  });
});
