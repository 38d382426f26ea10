import type { DocumentLine, InvoiceInput } from '../document-input';
import { invoiceInput } from '../invoice-input.fixture';

/** `count` lines of `unitCents` x 1, with the flux's totals set to their sum. */
export function withLines(count: number, unitCents: number, base: InvoiceInput = invoiceInput()): InvoiceInput {
  const lines: DocumentLine[] = Array.from({ length: count }, (_, index) => ({
    label: `Licence adulte n° ${index + 1}`,
    unitPrice: unitCents,
    quantity: 1,
    amount: unitCents,
    tarif: null,
  }));
  const total = count * unitCents;
  return { ...base, lines, flux: { ...base.flux, amountHT: total, amountTTC: total, amountTVA: 0 } };
}

/**
 * The invoices the official rules must accept (R-FACT-14): one of each category, an
 * Affiliation flux, an avoir, amounts with cents, 1 and 40 lines, and the awkward cases
 * (a discount line, a buyer with no address, text XML must escape).
 */
export function facturXCases(): Array<[string, InvoiceInput]> {
  const categories: Array<[string, InvoiceInput]> = [1, 2, 3, 4, 5, 6].map((categoryId) => [
    `catégorie ${categoryId}`,
    invoiceInput({ categoryId, name: `Flux de catégorie ${categoryId}` }),
  ]);
  const cents = withLines(1, 1999);
  return [
    ...categories,
    ['Affiliation payée par carte', invoiceInput({ name: 'Affiliation 2024', categoryId: 3, settled: true })],
    [
      'avoir sur une facture',
      invoiceInput(
        { id: 123999, isDebit: false, name: 'Avoir formation', dueDate: null },
        { correctedInvoice: { id: 123456, seasonId: 2024 } },
      ),
    ],
    ['facture réglée par virement', invoiceInput({ settled: true }, { settledAt: new Date('2024-03-20T10:00:00Z') })],
    ['prélèvement sans date fixée', invoiceInput({ categoryId: 5, dueDate: null })],
    ['montants en centimes, une ligne', cents],
    ['quarante lignes', withLines(40, 4567)],
    [
      'une remise en ligne négative',
      {
        ...invoiceInput({ amountHT: 9000, amountTTC: 9000 }),
        lines: [
          { label: 'Stage', unitPrice: 10000, quantity: 1, amount: 10000, tarif: null },
          { label: 'Remise fidélité', unitPrice: -1000, quantity: 1, amount: -1000, tarif: null },
        ],
      },
    ],
    [
      'acheteur sans adresse, avec SIREN, texte à échapper',
      invoiceInput(
        { name: 'Stage <initiation> & "perfectionnement"' },
        {
          buyer: {
            id: 7,
            name: 'Club d’Escalade & Montagne <Lyon>',
            federalCode: '069001',
            siren: '123 456 789',
            email: null,
            phone: null,
            address: null,
          },
          sellerBank: null,
        },
      ),
    ],
  ];
}
