import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentFileName,
  fluxDocumentFileName,
  invoiceBlocks,
  invoiceNumber,
  invoiceTitle,
  isAffiliationFlux,
} from './document-rules';
import { formatDocumentAmount, formatIsoDay, formatParisDate, parisIsoDate } from './document-format';

describe('invoice number (R-FACT-01: season end year, then -FFME-, then the flux id)', () => {
  it('uses the season id, which is the end year (R-DATA-04)', () => {
    expect(invoiceNumber(2024, 123456)).toBe('2024-FFME-123456');
  });
});

describe("Affiliation flux (R-FLUX-04: name contains 'Affiliation', either case)", () => {
  it.each(['Affiliation club 2024', 'AFFILIATION 2024', 'Ré-affiliation du club', 'frais affiliation'])(
    '%s is an Affiliation flux',
    (name) => expect(isAffiliationFlux(name)).toBe(true),
  );
  it.each(['Licence adulte 2024', 'Assurance base+', 'Affil. club'])('%s is not', (name) =>
    expect(isAffiliationFlux(name)).toBe(false),
  );
});

describe('which invoice blocks show (R-FACT-03, R-FACT-04)', () => {
  const debit = { isDebit: true, settled: false };
  it('category 4 shows the payment-terms block and the address', () => {
    expect(invoiceBlocks({ name: 'Facture formation', categoryId: 4, ...debit })).toEqual({
      paymentTerms: true,
      buyer: 'address',
    });
  });
  it.each([1, 2, 3, 5, 6, 99])('category %i has no payment-terms block', (categoryId) => {
    expect(invoiceBlocks({ name: 'Licence adulte', categoryId, ...debit }).paymentTerms).toBe(false);
  });
  it.each(['Affiliation club 2024', 'affiliation club 2024'])(
    '%s: no payment terms even in category 4, correspondent instead of address',
    (name) => {
      expect(invoiceBlocks({ name, categoryId: 4, ...debit })).toEqual({ paymentTerms: false, buyer: 'correspondent' });
    },
  );
  it('R-FACT-11, no document contradicts itself: an avoir or a settled debit never asks for a transfer', () => {
    expect(invoiceBlocks({ name: 'Remboursement', categoryId: 4, isDebit: false, settled: false }).paymentTerms).toBe(
      false,
    );
    expect(invoiceBlocks({ name: 'Facture formation', categoryId: 4, isDebit: true, settled: true }).paymentTerms).toBe(
      false,
    );
  });
});

describe("title (R-FACT-06: a credit flux is an 'AVOIR'; R-FACT-07: a relaunch an 'AVIS DE PRÉLÈVEMENT')", () => {
  it('facture, avoir, avis', () => {
    expect(invoiceTitle('facture')).toBe('FACTURE');
    expect(invoiceTitle('avoir')).toBe('AVOIR');
    expect(invoiceTitle('avis')).toBe('AVIS DE PRÉLÈVEMENT');
  });
});

describe('file names (R-DOC-05: the flux id and the date)', () => {
  it('uses the creation day in Europe/Paris', () => {
    expect(fluxDocumentFileName('facture', 123456, new Date('2024-03-01T10:00:00Z'))).toBe(
      'facture-123456-2024-03-01.pdf',
    );
    // 23:30 UTC on 29 February is already 1 March in Paris.
    expect(fluxDocumentFileName('releve', 7, new Date('2024-02-29T23:30:00Z'))).toBe('releve-7-2024-03-01.pdf');
    // Summer time: 22:30 UTC on 30 June is 00:30 on 1 July in Paris.
    expect(parisIsoDate(new Date('2024-06-30T22:30:00Z'))).toBe('2024-07-01');
  });

  it('R-DOC-05: a facture downloads under its issued name followed by its invoice number', () => {
    const flux = { id: 123456, seasonId: 2027 };
    expect(documentFileName('facture-123456-2024-03-01.pdf', flux)).toBe(
      'facture-123456-2024-03-01-2027-FFME-123456.pdf',
    );
    expect(documentFileName('facture-123456-2024-03-01.xml', flux)).toBe(
      'facture-123456-2024-03-01-2027-FFME-123456.xml',
    );
    // Applied twice, the same name: a pack and a single download agree.
    const once = documentFileName('facture-123456-2024-03-01.pdf', flux);
    expect(documentFileName(once, flux)).toBe(once);
  });

  it('R-DOC-05: an avis de prélèvement and a relevé d’opération keep their issued name (no invoice number of their own)', () => {
    const flux = { id: 42, seasonId: 2024 };
    expect(documentFileName('avis-prelevement-42-2024-03-01.pdf', flux)).toBe('avis-prelevement-42-2024-03-01.pdf');
    expect(documentFileName('releve-42-2024-03-01.pdf', flux)).toBe('releve-42-2024-03-01.pdf');
  });
});

describe('the Paris calendar day of an instant (R-DATA-03)', () => {
  const intlDay = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });

  it('is the day Intl gives in Europe/Paris, for any instant from 1970 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (time) => {
        expect(parisIsoDate(new Date(time))).toBe(intlDay.format(new Date(time)));
      }),
      { numRuns: 5000 },
    );
  });

  it('turns at Paris midnight, in winter and summer time and on the days the clocks change', () => {
    // Midnight in Paris: 23:00 UTC in winter, 22:00 UTC in summer; clocks change at 01:00 UTC.
    const edges = [
      ['2024-01-15T23:00:00Z', '2024-01-16'],
      ['2024-07-15T22:00:00Z', '2024-07-16'],
      ['2024-03-30T23:00:00Z', '2024-03-31'], // the night before summer time starts
      ['2024-03-31T22:00:00Z', '2024-04-01'], // its first midnight
      ['2024-10-26T22:00:00Z', '2024-10-27'], // the night before it ends
      ['2024-10-27T23:00:00Z', '2024-10-28'],
    ] as const;
    for (const [instant, day] of edges) {
      const time = Date.parse(instant);
      expect(parisIsoDate(new Date(time)), instant).toBe(day);
      expect(parisIsoDate(new Date(time - 1)), `${instant} - 1 ms`).toBe(intlDay.format(new Date(time - 1)));
      expect(parisIsoDate(new Date(time - 1))).not.toBe(day);
    }
  });

  it('refuses an invalid date', () => {
    expect(() => parisIsoDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatting (R-DATA-02: 2 decimals, 1 234,50 €)', () => {
  it('formats amounts with 2 decimals and fr-FR separators', () => {
    expect(formatDocumentAmount(123450)).toBe('1\u202f234,50\u00a0€');
    expect(formatDocumentAmount(5)).toBe('0,05\u00a0€');
    expect(formatDocumentAmount(4200)).toBe('42,00\u00a0€');
  });
  it('formats dates as dd/mm/yyyy', () => {
    expect(formatParisDate(new Date('2024-02-29T23:30:00Z'))).toBe('01/03/2024');
    expect(formatIsoDay('2024-03-31')).toBe('31/03/2024');
    expect(() => formatIsoDay('31/03/2024')).toThrow(RangeError);
  });
});
