import type { InvoiceInput } from './document-input';

/** A category-4 debit flux of a club, sold by the head office: tests override what they need. */
export function invoiceInput(
  overrides: Partial<InvoiceInput['flux']> = {},
  more: Partial<Omit<InvoiceInput, 'flux'>> = {},
): InvoiceInput {
  return {
    flux: {
      id: 123456,
      name: 'Facture formation moniteur',
      createdAt: new Date('2024-03-01T09:00:00Z'),
      seasonId: 2024,
      categoryId: 4,
      isDebit: true,
      amountHT: 123450,
      amountTVA: 0,
      amountTTC: 123450,
      dueDate: '2024-03-31',
      settled: false,
      ...overrides,
    },
    lines: [
      {
        label: 'Formation initiateur',
        unitPrice: 61725,
        quantity: 2,
        amount: 123450,
        tarif: { name: 'Formation initiateur SAE', categoryId: 4 },
      },
    ],
    buyer: {
      id: 42,
      name: 'Club Alpin de Grenoble',
      federalCode: '038001',
      siren: null,
      email: 'club@example.fr',
      phone: '04 76 00 00 00',
      address: { line1: '12 rue des Alpes', line2: null, postalCode: '38000', city: 'Grenoble' },
    },
    correspondent: {
      firstName: 'Élodie',
      lastName: 'Martin',
      email: 'elodie.martin@example.fr',
      phone: '06 12 34 56 78',
      address: null,
    },
    seller: {
      id: 1318,
      name: 'Fédération Française de la Montagne et de l’Escalade',
      federalCode: null,
      siren: '775 690 041',
      email: null,
      phone: null,
      address: { line1: '8-10 quai de la Marne', line2: null, postalCode: '75019', city: 'Paris' },
    },
    sellerBank: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
    season: { start: '2023-09-01', end: '2024-08-31' },
    settledAt: null,
    correctedInvoice: null,
    relaunchOf: null,
    directDebit: { mandateReference: 'RUM-038001-01', creditorIdentifier: 'FR72ZZZ123456', batchCollectionDate: null },
    ...more,
  };
}
