import { buildInvoiceDocument, type InvoiceDocument, type InvoiceInput } from '@gdf/domain';

/**
 * A realistic category-4 invoice of a club (5 lines, payment-terms block, legal footer): the same model
 * is drawn by pdfkit and, as HTML, by html2pdf.js, so the comparison is like for like.
 */
export function sampleInvoiceInput(): InvoiceInput {
  const lines = [
    ['Licence adulte 2024 - saison 2023-2024', 6350, 12],
    ['Licence jeune 2024 - saison 2023-2024', 4750, 8],
    ['Assurance base+ (responsabilité civile et individuelle accident)', 1150, 20],
    ['Formation initiateur escalade - stage de 5 jours à Fontainebleau', 32000, 2],
    ['Frais de dossier', 1500, 1],
  ] as const;
  const rows = lines.map(([label, unitPrice, quantity]) => ({
    label,
    unitPrice,
    quantity,
    amount: unitPrice * quantity,
    tarif: null,
  }));
  const total = rows.reduce((sum, row) => sum + row.amount, 0);
  return {
    flux: {
      id: 1_234_567,
      name: 'Facture licences et formations - Club Alpin de Grenoble',
      createdAt: new Date('2024-03-01T09:30:00Z'),
      seasonId: 2024,
      categoryId: 4,
      isDebit: true,
      amountHT: total,
      amountTVA: 0,
      amountTTC: total,
      dueDate: '2024-03-31',
      settled: false,
    },
    lines: rows,
    buyer: {
      id: 4242,
      name: 'Club Alpin de Grenoble - Section Escalade',
      federalCode: '038012',
      siren: '512 345 678',
      email: 'contact@cag-escalade.fr',
      phone: '04 76 12 34 56',
      address: {
        line1: '12 rue Président Carnot',
        line2: 'Maison des associations',
        postalCode: '38000',
        city: 'Grenoble',
      },
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
      email: 'comptabilite@ffme.fr',
      phone: '01 40 18 75 50',
      address: { line1: '8-10 quai de la Marne', line2: null, postalCode: '75019', city: 'Paris' },
    },
    sellerBank: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
    season: { start: '2023-09-01', end: '2024-08-31' },
    settledAt: null,
    correctedInvoice: null,
    relaunchOf: null,
    directDebit: { mandateReference: 'RUM-038012-01', creditorIdentifier: 'FR72ZZZ123456', batchCollectionDate: null },
  };
}

export function sampleInvoice(): InvoiceDocument {
  return buildInvoiceDocument(sampleInvoiceInput());
}
