import { describe, expect, it } from 'vitest';
import { buildInvoiceDocument } from './invoice-document';
import { invoiceInput } from './invoice-input.fixture';

const text = (doc: ReturnType<typeof buildInvoiceDocument>) => JSON.stringify(doc).replace(/[\u202f\u00a0]/g, ' ');

describe('facture document (DESIGN.md section 6)', () => {
  it('category 4: number, seller with SIREN, buyer address, lines, totals, VAT note and payment terms', () => {
    const doc = buildInvoiceDocument(invoiceInput());
    expect(doc.title).toBe('FACTURE');
    expect(doc.number).toBe('2024-FFME-123456');
    expect(doc.fileName).toBe('facture-123456-2024-03-01.pdf');
    expect(doc.references).toContainEqual(['Date', '01/03/2024']);
    expect(doc.seller.name).toMatch(/Fédération Française/);
    expect(doc.seller.lines).toEqual(['8-10 quai de la Marne', '75019 Paris', 'SIREN : 775 690 041']);
    expect(doc.buyer.lines).toEqual(['Code fédéral : 038001', '12 rue des Alpes', '38000 Grenoble']);
    expect(doc.rows).toEqual([['Formation initiateur', '617,25\u00a0€', '2', '1\u202f234,50\u00a0€']]);
    expect(doc.totals.map(([label]) => label)).toEqual(['Total HT', 'TVA', 'Total TTC']);
    expect(doc.vatNote).toBe('TVA NON APPLICABLE, art 293B du CGI');
    expect(doc.paidNote).toBeNull();
    const terms = doc.paymentTerms?.lines.join('\n') ?? '';
    expect(terms).toContain("Date d'échéance : 31/03/2024");
    expect(terms).toContain('IBAN : FR76 3000 6000 0112 3456 7890 189');
    expect(terms).toContain('BIC : AGRIFRPP');
    expect(terms).toContain('3 fois le taux');
    expect(terms).toContain('40\u00a0€');
  });

  it('category 5 and other categories: no payment-terms block, no IBAN', () => {
    for (const categoryId of [1, 2, 3, 5, 6]) {
      const doc = buildInvoiceDocument(invoiceInput({ categoryId, name: 'Prélèvement licences' }));
      expect(doc.paymentTerms, `category ${categoryId}`).toBeNull();
      expect(text(doc)).not.toContain('IBAN');
      expect(doc.paidNote).toBeNull();
    }
  });

  it.each(['Affiliation club 2024', 'AFFILIATION CLUB 2024', 'affiliation club 2024'])(
    '%s (SPEC.md section 4): paid by card, correspondent contact instead of the address, no payment terms',
    (name) => {
      const doc = buildInvoiceDocument(invoiceInput({ name, categoryId: 4 }));
      expect(doc.paymentTerms).toBeNull();
      expect(doc.paidNote).toBe('Facture acquittée par carte bancaire');
      expect(doc.buyer.lines).toEqual([
        'Code fédéral : 038001',
        'Correspondant : Élodie MARTIN',
        'E-mail : elodie.martin@example.fr',
        'Tél. : 06 12 34 56 78',
      ]);
      expect(text(doc)).not.toContain('12 rue des Alpes');
    },
  );

  it('an Affiliation flux of a structure without correspondent shows the structure contact', () => {
    const input = { ...invoiceInput({ name: 'Affiliation 2024' }), correspondent: null };
    expect(buildInvoiceDocument(input).buyer.lines).toEqual([
      'Code fédéral : 038001',
      'E-mail : club@example.fr',
      'Tél. : 04 76 00 00 00',
    ]);
  });

  it('a credit flux is an AVOIR', () => {
    const doc = buildInvoiceDocument(invoiceInput({ isDebit: false, categoryId: 6, name: 'Remboursement stage' }));
    expect(doc.title).toBe('AVOIR');
    expect(doc.references[0]).toEqual(["N° d'avoir", '2024-FFME-123456']);
  });

  it('a flux without detail lines shows itself as the one line', () => {
    const doc = buildInvoiceDocument({ ...invoiceInput({ name: 'Licence adulte 2024' }), lines: [] });
    expect(doc.rows).toEqual([['Licence adulte 2024', '1\u202f234,50\u00a0€', '1', '1\u202f234,50\u00a0€']]);
  });

  it('without a due date, payment is due on receipt', () => {
    const doc = buildInvoiceDocument(invoiceInput({ dueDate: null }));
    expect(doc.paymentTerms?.lines[0]).toBe("Date d'échéance : à réception de la facture");
  });
});
