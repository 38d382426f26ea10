import { describe, expect, it } from 'vitest';
import { buildInvoiceDocument, type InvoiceDocument } from './invoice-document';
import { invoiceInput } from './invoice-input.fixture';

const text = (doc: InvoiceDocument) => JSON.stringify(doc).replace(/[\u202f\u00a0]/g, ' ');
const LEGAL = ['3 fois le taux d’intérêt légal', 'recouvrement de 40 €', 'Pas d’escompte pour paiement anticipé.'];

describe('facture document (R-FACT-02, R-FACT-04)', () => {
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
    expect(terms).toContain('Date d’échéance : 31/03/2024');
    expect(terms).toContain('IBAN : FR76 3000 6000 0112 3456 7890 189');
    expect(terms).toContain('BIC : AGRIFRPP');
    expect(doc.pageFoot).toBe('Fédération Française de la Montagne et de l’Escalade — Facture n° 2024-FFME-123456');
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
    '%s (R-FACT-03): paid by card, correspondent contact instead of the address, no payment terms',
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
    expect(doc.references[0]).toEqual(['N° d’avoir', '2024-FFME-123456']);
  });

  it('a flux without detail lines shows itself as the one line', () => {
    const doc = buildInvoiceDocument({ ...invoiceInput({ name: 'Licence adulte 2024' }), lines: [] });
    expect(doc.rows).toEqual([['Licence adulte 2024', '1\u202f234,50\u00a0€', '1', '1\u202f234,50\u00a0€']]);
  });

  it('without a due date, payment is due on receipt', () => {
    const doc = buildInvoiceDocument(invoiceInput({ dueDate: null }));
    expect(doc.paymentTerms?.lines[0]).toBe('Date d’échéance : à réception de la facture');
  });
});

describe('legal mentions on every facture and avoir (R-FACT-08 to R-FACT-11)', () => {
  it.each([1, 2, 3, 4, 5, 6])(
    'category %i: legal footer (L441-9, L441-10, D441-5 C. com.), nature and period (art. 242 nonies A ann. II CGI)',
    (categoryId) => {
      const doc = buildInvoiceDocument(invoiceInput({ categoryId }));
      const all = text(doc);
      for (const mention of LEGAL) expect(all).toContain(mention);
      expect(doc.operation).toEqual([
        'Nature de l’opération : Prestation de services',
        'Période de l’opération : du 01/09/2023 au 31/08/2024',
      ]);
      // The due date once: in the payment-terms block (category 4) or in the footer. A debit due
      // on Easter Sunday 2024 is collected on the next TARGET day, Tuesday 2 April (R-SEPA-11).
      const due = categoryId === 5 ? 'Date de prélèvement : 02/04/2024' : 'Date d’échéance : 31/03/2024';
      expect(all.split(due)).toHaveLength(2);
      expect(doc.vatNote).toBe('TVA NON APPLICABLE, art 293B du CGI');
    },
  );

  it("the buyer's SIREN when known, on the address and on the correspondent block", () => {
    const buyer = { ...invoiceInput().buyer, siren: '123 456 789' };
    expect(buildInvoiceDocument(invoiceInput({}, { buyer })).buyer.lines).toContain('SIREN : 123 456 789');
    expect(buildInvoiceDocument(invoiceInput({ name: 'Affiliation 2024' }, { buyer })).buyer.lines).toContain(
      'SIREN : 123 456 789',
    );
  });

  it('goods, services and both (tarifs of the lines)', () => {
    const passeport = {
      label: 'Passeport jaune',
      unitPrice: 400,
      quantity: 10,
      amount: 4000,
      tarif: { name: 'Passeport escalade jaune', categoryId: 4 },
    };
    const goods = buildInvoiceDocument(invoiceInput({}, { lines: [passeport] }));
    expect(goods.operation[0]).toBe('Nature de l’opération : Livraison de biens');
    const both = buildInvoiceDocument(invoiceInput({}, { lines: [passeport, invoiceInput().lines[0]!] }));
    expect(both.operation[0]).toBe('Nature de l’opération : Mixte (livraison de biens et prestation de services)');
  });

  it("Affiliation (R-FACT-03): the card note in place of the due date, the correspondent's postal address", () => {
    const correspondent = {
      ...invoiceInput().correspondent!,
      address: { line1: '3 chemin des Granges', line2: null, postalCode: '38700', city: 'Corenc' },
    };
    const doc = buildInvoiceDocument(invoiceInput({ name: 'Affiliation club 2024', categoryId: 3 }, { correspondent }));
    expect(doc.buyer.lines).toEqual([
      'Code fédéral : 038001',
      'Correspondant : Élodie MARTIN',
      '3 chemin des Granges',
      '38700 Corenc',
      'E-mail : elodie.martin@example.fr',
      'Tél. : 06 12 34 56 78',
    ]);
    expect(doc.paidNote).toBe('Facture acquittée par carte bancaire');
    expect(text(doc)).not.toContain('Date d’échéance');
    for (const mention of LEGAL) expect(text(doc)).toContain(mention);
  });

  it("an avoir cites the invoice it corrects and is never 'acquittée par carte bancaire'", () => {
    const doc = buildInvoiceDocument(
      invoiceInput(
        { isDebit: false, categoryId: 6, name: 'Affiliation club 2024 - remboursement' },
        { correctedInvoice: { id: 777, seasonId: 2023 } },
      ),
    );
    expect(doc.title).toBe('AVOIR');
    expect(doc.citation).toBe('Avoir sur la facture n° 2023-FFME-777');
    expect(doc.paidNote).toBeNull();
    expect(doc.paymentTerms).toBeNull();
    expect(text(doc)).not.toContain('carte bancaire');
    expect(doc.legalFooter[0]).toBe('Date d’échéance : 31/03/2024');
  });

  it('category 5: the SEPA pre-notification (debit date, amount, RUM, ICS) and the debit date in the footer', () => {
    const doc = buildInvoiceDocument(
      invoiceInput(
        { categoryId: 5, dueDate: null },
        {
          directDebit: {
            mandateReference: 'RUM-038001-01',
            creditorIdentifier: 'FR72ZZZ123456',
            batchCollectionDate: '2024-03-20',
          },
        },
      ),
    );
    expect(doc.preNotification?.lines).toEqual([
      'Le montant de 1\u202f234,50\u00a0€ sera prélevé sur votre compte le 20/03/2024.',
      'Référence unique du mandat (RUM) : RUM-038001-01',
      'Identifiant créancier SEPA (ICS) : FR72ZZZ123456',
    ]);
    expect(doc.legalFooter[0]).toBe('Date de prélèvement : 20/03/2024');
  });

  it("a settled category-4 facture says 'Facture acquittée le …' and asks for no transfer", () => {
    const doc = buildInvoiceDocument(invoiceInput({ settled: true }, { settledAt: new Date('2024-03-12T08:00:00Z') }));
    expect(doc.paidNote).toBe('Facture acquittée le 12/03/2024');
    expect(doc.paymentTerms).toBeNull();
    expect(text(doc)).not.toContain('virement');
    expect(text(doc)).not.toContain('Date d’échéance');
  });
});

describe('a relaunch is a re-presentation (R-FACT-07, R-FLUX-12)', () => {
  const relaunch = () =>
    buildInvoiceDocument(
      invoiceInput(
        { id: 50001, name: 'Prélèvement licences (relance)', categoryId: 5, dueDate: '2026-12-23', seasonId: 2027 },
        { relaunchOf: { id: 33902, seasonId: 2027 } },
      ),
    );

  it("'AVIS DE PRÉLÈVEMENT' citing the original invoice, its own debit date and the amount, no number of its own", () => {
    const doc = relaunch();
    expect(doc.title).toBe('AVIS DE PRÉLÈVEMENT');
    expect(doc.number).toBeNull();
    expect(doc.fileName).toBe('avis-prelevement-50001-2024-03-01.pdf');
    expect(doc.references[0]).toEqual(['Facture d’origine', '2027-FFME-33902']);
    expect(doc.references).toContainEqual(['Date de prélèvement', '23/12/2026']);
    expect(doc.citation).toContain('facture n° 2027-FFME-33902');
    expect(doc.preNotification?.lines[0]).toBe(
      'Le montant de 1\u202f234,50\u00a0€ sera prélevé sur votre compte le 23/12/2026.',
    );
    expect(text(doc)).not.toContain('2027-FFME-50001');
    expect(text(doc)).not.toContain('N° de facture');
    expect(doc.pageFoot).toContain('Avis de prélèvement, facture n° 2027-FFME-33902');
  });
});
