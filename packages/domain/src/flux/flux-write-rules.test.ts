import { describe, expect, it } from 'vitest';
import {
  FLUX_MAX_CENTS,
  amountProblem,
  creationDateProblem,
  dueDateProblem,
  fluxWriteProblems,
  labelProblem,
  type FluxLineToWrite,
  type FluxToWrite,
} from './flux-write-rules';

const line = (unit: number, qty = 1, debit = true): FluxLineToWrite => ({
  NomFluxFinancierDetail: 'Formation initiateur SAE - Dupont Marie',
  PrixUnitaire: unit,
  Quantite: qty,
  MontantHT: unit * qty,
  MontantTTC: unit * qty,
  EST_Debit: debit,
});
const FLUX: FluxToWrite = {
  NomFluxFinancier: 'Facture formation initiateur SAE 2027',
  MontantHT: 10_500,
  MontantTVA: 0,
  MontantTTC: 10_500,
  EST_Debit: true,
  Z_DateCreation: new Date('2026-11-09T10:00:00Z'),
  ID_Saison: 2027,
  DateEcheance: '2026-12-09',
};
const LINES = [line(3_500, 3)];

describe('fluxWriteProblems: what a written flux must satisfy (R-FLUX-10)', () => {
  it('accepts a consistent invoice of the season', () => {
    expect(fluxWriteProblems(FLUX, LINES)).toEqual([]);
  });

  it('refuses the probe: a 105 € invoice rewritten to 0,01 € no longer matches its lines', () => {
    expect(fluxWriteProblems({ ...FLUX, MontantHT: 1, MontantTTC: 1 }, LINES)).toEqual([
      'La somme des lignes de détail doit être égale aux montants HT et TTC du flux.',
    ]);
  });

  it('refuses the probe: due 2099-12-31 and dated 2015', () => {
    expect(fluxWriteProblems({ ...FLUX, DateEcheance: '2099-12-31' }, LINES)).toEqual([
      "La date d'échéance doit être au plus 60 jours après la date de création (art. L441-10 du Code de commerce).",
    ]);
    expect(fluxWriteProblems({ ...FLUX, Z_DateCreation: new Date('2015-03-01T10:00:00Z') }, LINES)[0]).toBe(
      'La date de création doit être dans la saison 2026-2027 (du 01/09/2026 au 31/08/2027).',
    );
  });

  it('art. 293 B CGI: no VAT on a federation under the franchise en base', () => {
    expect(fluxWriteProblems({ ...FLUX, MontantHT: 8_750, MontantTVA: 1_750 }, LINES)).toContain(
      'TVA non applicable (art. 293 B du CGI) : le montant TVA doit être nul et le HT égal au TTC.',
    );
  });

  it('a flux has at least one line, each consistent and of the flux direction', () => {
    expect(fluxWriteProblems(FLUX, [])).toEqual(['Un flux doit avoir au moins une ligne de détail.']);
    expect(fluxWriteProblems(FLUX, [{ ...line(3_500, 3), MontantHT: 10_000, MontantTTC: 10_000 }])).toEqual([
      'Ligne 1 : le montant doit être égal au prix unitaire multiplié par la quantité.',
    ]);
    expect(fluxWriteProblems(FLUX, [line(3_500, 3, false)])).toEqual([
      'Ligne 1 : le sens (débit ou crédit) doit être celui du flux.',
    ]);
    expect(fluxWriteProblems(FLUX, [line(3_500, 0)])).toEqual([
      'Ligne 1 : la quantité doit être un entier de 1 à 10 000.',
    ]);
  });
});

describe('amountProblem: 0,01 € to 1 000 000,00 €', () => {
  it.each([1, 10_500, FLUX_MAX_CENTS])('accepts %i cents', (cents) =>
    expect(amountProblem(cents, 'Montant')).toBeNull(),
  );
  it.each([0, -100, FLUX_MAX_CENTS + 1, 999_999_999_999, 1.5, Number.NaN])('refuses %s cents', (cents) =>
    expect(amountProblem(cents, 'Le montant')).toBe('Le montant doit être compris entre 0,01 € et 1 000 000,00 €.'),
  );
});

describe('labelProblem: labels that exports and spreadsheets read safely', () => {
  it.each(['=HYPERLINK("http://x","clic")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1:A2)', '  =1+1'])(
    'refuses the formula start of %s',
    (label) => expect(labelProblem(label, 'Le libellé')).toBe('Le libellé ne peut pas commencer par =, +, - ou @.'),
  );
  it.each(['Ligne 1\r\nLigne 2', 'Tab\there', 'Nul\u0000', 'C1\u0085'])('refuses control characters in %j', (label) =>
    expect(labelProblem(label, 'Le libellé')).toBe(
      'Le libellé : les retours à la ligne et caractères de contrôle sont interdits.',
    ),
  );
  it('refuses empty and over-long labels, accepts ordinary ones', () => {
    expect(labelProblem('   ', 'Le libellé')).toBe('Le libellé est obligatoire.');
    expect(labelProblem('x'.repeat(256), 'Le libellé')).toBe('Le libellé : au plus 255 caractères.');
    expect(labelProblem('Licence adulte 2027 - Dupont Marie (relance)', 'Le libellé')).toBeNull();
    expect(labelProblem('Remise = 10 %', 'Le libellé')).toBeNull();
  });
});

describe('dates (season of 1 September to 31 August; L441-10 C. com.)', () => {
  it('the creation date lies in its season, in Paris days', () => {
    expect(creationDateProblem(new Date('2026-08-31T21:59:59Z'), 2026)).toBeNull(); // 23:59:59 in Paris
    expect(creationDateProblem(new Date('2026-08-31T22:00:00Z'), 2026)).not.toBeNull(); // 1 September in Paris
    expect(creationDateProblem(new Date('invalid'), 2026)).toBe('La date de création est invalide.');
  });
  it('the due date is between the creation day and 60 days after', () => {
    const created = new Date('2026-11-09T10:00:00Z');
    expect(dueDateProblem('2026-11-09', created)).toBeNull();
    expect(dueDateProblem('2027-01-08', created)).toBeNull();
    expect(dueDateProblem('2027-01-09', created)).not.toBeNull();
    expect(dueDateProblem('2026-11-08', created)).toBe("La date d'échéance ne peut pas précéder la date de création.");
    expect(dueDateProblem('31/12/2026', created)).toBe("La date d'échéance est invalide.");
  });
});
