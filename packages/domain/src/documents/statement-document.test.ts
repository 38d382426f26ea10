import { describe, expect, it } from 'vitest';
import { buildStatementDocument } from './statement-document';
import { invoiceInput } from './invoice-input.fixture';

describe("relevé d'opération (R-DOC-04: amount with 2 decimals)", () => {
  const input = invoiceInput();

  it('shows the title, structure, flux number, date, label, direction and amount', () => {
    const doc = buildStatementDocument({ flux: input.flux, structure: input.buyer });
    expect(doc.title).toBe("RELEVÉ D'OPÉRATION");
    expect(doc.fileName).toBe('releve-123456-2024-03-01.pdf');
    expect(doc.structure).toEqual({
      name: 'Club Alpin de Grenoble',
      lines: ['Code fédéral : 038001', '12 rue des Alpes', '38000 Grenoble'],
    });
    expect(doc.rows).toEqual([
      ['N° de flux', '123456'],
      ['Date', '01/03/2024'],
      ['Libellé', 'Facture formation moniteur'],
      ['Sens', 'Débit'],
      ['Montant', '1\u202f234,50\u00a0€'],
    ]);
  });

  it('a credit flux reads Crédit', () => {
    const doc = buildStatementDocument({
      flux: { ...input.flux, isDebit: false, amountTTC: 4200 },
      structure: input.buyer,
    });
    expect(doc.rows).toContainEqual(['Sens', 'Crédit']);
    expect(doc.rows).toContainEqual(['Montant', '42,00\u00a0€']);
  });
});
