import { describe, expect, it } from 'vitest';
import { fluxWriteProblems } from '../flux/flux-write-rules';
import { formatEuros } from '../money/money';
import {
  BULK_EXCLUSION_REASONS,
  INVOICING_MESSAGES,
  avoirAmountProblem,
  avoirLines,
  avoirSepaBatchProblem,
  bulkExclusion,
  recipientRefusal,
  categoryProblem,
  draftAsFlux,
  draftEditRefusal,
  draftLineProblem,
  draftProblems,
  latestDueDate,
  noteProblem,
  type DraftToCheck,
} from './invoicing-rules';
import {
  avoirRequestSchema,
  bulkIssueRequestSchema,
  draftIssueSchema,
  draftRequestSchema,
} from './invoicing-contracts';

const now = new Date('2026-03-10T10:00:00Z');
const draft = (more: Partial<DraftToCheck> = {}): DraftToCheck => ({
  label: 'Stage escalade',
  category: 4,
  dueDate: '2026-04-09',
  note: '',
  lines: [{ label: 'Journée de stage', tarifId: null, unitPriceCents: 4_500, quantity: 3 }],
  ...more,
});

describe('draft lines (R-INV-01)', () => {
  it('R-INV-01: a free or tarif line with a label, integer cents within the flux bounds and a quantity of 1 to 10,000', () => {
    expect(draftLineProblem({ label: 'Passeport', tarifId: 12, unitPriceCents: 1, quantity: 10_000 }, 1)).toBeNull();
    expect(draftLineProblem({ label: '', tarifId: null, unitPriceCents: 100, quantity: 1 }, 2)).toBe(
      'Ligne 2 : le libellé est obligatoire.',
    );
    expect(draftLineProblem({ label: 'a\u0007b', tarifId: null, unitPriceCents: 100, quantity: 1 }, 1)).toMatch(
      /caractères de contrôle/,
    );
    expect(draftLineProblem({ label: '=HYPERLINK()', tarifId: null, unitPriceCents: 100, quantity: 1 }, 1)).toMatch(
      /ne peut pas commencer/,
    );
    expect(draftLineProblem({ label: 'x', tarifId: null, unitPriceCents: 0, quantity: 1 }, 1)).toMatch(/prix unitaire/);
    expect(draftLineProblem({ label: 'x', tarifId: null, unitPriceCents: 10.5, quantity: 1 }, 1)).toMatch(
      /prix unitaire/,
    );
    expect(draftLineProblem({ label: 'x', tarifId: null, unitPriceCents: 100, quantity: 0 }, 1)).toMatch(/quantité/);
    expect(draftLineProblem({ label: 'x', tarifId: null, unitPriceCents: 100, quantity: 1.5 }, 1)).toMatch(/quantité/);
    expect(draftLineProblem({ label: 'x', tarifId: null, unitPriceCents: 100_000_000, quantity: 2 }, 1)).toMatch(
      /ne peut pas dépasser 1 000 000,00 €/,
    );
  });
});

describe('draft (R-INV-02 to R-INV-05)', () => {
  it('R-INV-02: category 4, or 5 only with a SEPA mandate', () => {
    expect(categoryProblem(4, false)).toBeNull();
    expect(categoryProblem(5, true)).toBeNull();
    expect(categoryProblem(5, false)).toBe(INVOICING_MESSAGES.noMandate);
    expect(categoryProblem(1, true)).toBe(INVOICING_MESSAGES.category);
  });

  it('R-INV-03: the due date lies between the issue day and 60 days after it (L441-10 C. com.)', () => {
    expect(latestDueDate(now)).toBe('2026-05-09');
    expect(draftProblems(draft({ dueDate: '2026-05-09' }), { hasMandate: false, now })).toEqual([]);
    expect(draftProblems(draft({ dueDate: '2026-05-10' }), { hasMandate: false, now })[0]).toMatch(/au plus 60 jours/);
    expect(draftProblems(draft({ dueDate: '2026-03-09' }), { hasMandate: false, now })[0]).toMatch(/précéder/);
    // A draft saved in time is checked again on the day it is issued.
    expect(
      draftProblems(draft({ dueDate: '2026-05-09' }), { hasMandate: false, now: new Date('2026-03-12T10:00:00Z') }),
    ).toEqual([]);
    expect(
      draftProblems(draft({ dueDate: '2026-04-09' }), { hasMandate: false, now: new Date('2026-04-10T10:00:00Z') })[0],
    ).toMatch(/précéder/);
  });

  it('R-INV-04: the note: at most 1,000 characters, no control character', () => {
    expect(noteProblem('Merci de rappeler la référence.')).toBeNull();
    expect(noteProblem('x'.repeat(1_001))).toBe(INVOICING_MESSAGES.noteTooLong);
    expect(noteProblem('ligne\nsuivante')).toMatch(/retours à la ligne/);
  });

  it('R-INV-05: every broken rule listed; a total above 1 000 000 € refused; no line refused', () => {
    expect(draftProblems(draft({ lines: [] }), { hasMandate: false, now })).toEqual([INVOICING_MESSAGES.noLine]);
    const big = { label: 'Lot', tarifId: null, unitPriceCents: 60_000_000, quantity: 1 };
    expect(draftProblems(draft({ lines: [big, big] }), { hasMandate: false, now })).toEqual([INVOICING_MESSAGES.total]);
    expect(draftProblems(draft({ category: 5, label: '' }), { hasMandate: false, now })).toEqual([
      'Le libellé est obligatoire.',
      INVOICING_MESSAGES.noMandate,
    ]);
  });

  it('R-INV-05: a draft becomes a debit of the current season that the flux rules accept', () => {
    const { flux, lines } = draftAsFlux(draft(), now);
    expect(flux).toMatchObject({
      MontantHT: 13_500,
      MontantTTC: 13_500,
      MontantTVA: 0,
      EST_Debit: true,
      ID_Saison: 2026,
    });
    expect(lines).toEqual([
      {
        NomFluxFinancierDetail: 'Journée de stage',
        PrixUnitaire: 4_500,
        Quantite: 3,
        MontantHT: 13_500,
        MontantTTC: 13_500,
        EST_Debit: true,
      },
    ]);
    expect(fluxWriteProblems(flux, lines)).toEqual([]);
  });

  it('R-INV-06: an issued draft is never edited again', () => {
    expect(draftEditRefusal({ issuedFluxId: null })).toBeNull();
    expect(draftEditRefusal({ issuedFluxId: 42 })).toBe(INVOICING_MESSAGES.issued);
  });
});

describe('avoirs (R-INV-07)', () => {
  const invoiceLines = [
    { rank: 1, label: 'Passeport', unitPriceCents: 1_000, quantity: 5, tarifId: 3 },
    { rank: 2, label: 'Stage', unitPriceCents: 9_000, quantity: 1, tarifId: null },
  ];

  it('R-INV-07: total copies every line; by lines credits chosen quantities at the invoice price', () => {
    expect(avoirLines(invoiceLines, { mode: 'total' })).toEqual({
      lines: [
        { label: 'Passeport', unitPriceCents: 1_000, quantity: 5, tarifId: 3 },
        { label: 'Stage', unitPriceCents: 9_000, quantity: 1, tarifId: null },
      ],
    });
    expect(avoirLines(invoiceLines, { mode: 'lignes', lignes: [{ rang: 1, quantite: 2 }] })).toEqual({
      lines: [{ label: 'Passeport', unitPriceCents: 1_000, quantity: 2, tarifId: 3 }],
    });
    expect(avoirLines(invoiceLines, { mode: 'lignes', lignes: [{ rang: 1, quantite: 6 }] })).toEqual({
      problem: INVOICING_MESSAGES.avoirLineQuantity(1, 5),
    });
    expect(avoirLines(invoiceLines, { mode: 'lignes', lignes: [{ rang: 3, quantite: 1 }] })).toEqual({
      problem: INVOICING_MESSAGES.avoirLine(3),
    });
    expect(
      avoirLines(invoiceLines, {
        mode: 'lignes',
        lignes: [
          { rang: 1, quantite: 1 },
          { rang: 1, quantite: 1 },
        ],
      }),
    ).toEqual({ problem: INVOICING_MESSAGES.avoirLine(1) });
  });

  it('R-INV-07 with R-BAL-02: never more than the invoice still carries', () => {
    expect(avoirAmountProblem(5_000, 5_000, formatEuros)).toBeNull();
    expect(avoirAmountProblem(5_001, 5_000, formatEuros)).toBe(INVOICING_MESSAGES.avoirTooMuch(formatEuros(5_000)));
    expect(avoirAmountProblem(1, 0, formatEuros)).toBe(INVOICING_MESSAGES.avoirNothingLeft);
  });
});

describe('avoir and SEPA batches (R-INV-11)', () => {
  it('R-INV-11: no avoir on an invoice still owed in a SEPA batch not cancelled', () => {
    expect(avoirSepaBatchProblem({ inSepaBatch: true }, 5_000)).toBe(INVOICING_MESSAGES.avoirInSepaBatch);
    expect(avoirSepaBatchProblem({ inSepaBatch: false }, 5_000)).toBeNull();
    expect(avoirSepaBatchProblem({ inSepaBatch: true }, 0)).toBeNull();
  });
});

describe('bulk invoicing (R-INV-08, R-INV-09)', () => {
  it('R-INV-08: blocked > no address > no mandate for a direct debit; otherwise billed', () => {
    const ok = { blocked: false, hasAddress: true, hasMandate: false };
    expect(bulkExclusion(ok, 4)).toBeNull();
    expect(bulkExclusion(ok, 5)).toBe(BULK_EXCLUSION_REASONS.noMandate);
    expect(bulkExclusion({ ...ok, hasMandate: true }, 5)).toBeNull();
    expect(bulkExclusion({ ...ok, hasAddress: false }, 5)).toBe(BULK_EXCLUSION_REASONS.noAddress);
    expect(bulkExclusion({ blocked: true, hasAddress: false, hasMandate: false }, 4)).toBe(
      BULK_EXCLUSION_REASONS.blocked,
    );
  });

  it('R-INV-08: a structure blocked or without an address is billed no invoice at all, by hand or in a lot', () => {
    expect(recipientRefusal({ blocked: false, hasAddress: true })).toBeNull();
    expect(recipientRefusal({ blocked: true, hasAddress: true })).toBe(BULK_EXCLUSION_REASONS.blocked);
    expect(recipientRefusal({ blocked: false, hasAddress: false })).toBe(BULK_EXCLUSION_REASONS.noAddress);
  });

  it('R-INV-09: a lot needs its idempotency key and at least one criterion', () => {
    const content = { libelle: 'Cotisation', categorie: 4, echeance: '2026-04-01', lignes: [] };
    const line = { libelle: 'Cotisation', tarifId: null, prixUnitaireCentimes: 5_000, quantite: 1 };
    expect(
      bulkIssueRequestSchema.safeParse({
        ...content,
        lignes: [line],
        cle: 'lot-2026-03',
        selection: { typeStructure: 1 },
      }).success,
    ).toBe(true);
    expect(
      bulkIssueRequestSchema.safeParse({ ...content, lignes: [line], cle: 'x', selection: { typeStructure: 1 } })
        .success,
    ).toBe(false);
    expect(
      bulkIssueRequestSchema.safeParse({ ...content, lignes: [line], cle: 'lot-2026-03', selection: {} }).success,
    ).toBe(false);
  });

  it('R-INV-01: the contracts take integer cents only, and no unknown field', () => {
    const base = { structureId: 1, libelle: 'Stage', categorie: 4, echeance: '2026-04-01' };
    const line = { libelle: 'Stage', tarifId: null, prixUnitaireCentimes: 4_500, quantite: 1 };
    expect(draftRequestSchema.safeParse({ ...base, lignes: [line] }).success).toBe(true);
    expect(draftRequestSchema.safeParse({ ...base, lignes: [{ ...line, prixUnitaireCentimes: 45.5 }] }).success).toBe(
      false,
    );
    expect(draftRequestSchema.safeParse({ ...base, lignes: [{ ...line, prixUnitaireCentimes: '4500' }] }).success).toBe(
      false,
    );
    expect(draftRequestSchema.safeParse({ ...base, categorie: 6, lignes: [line] }).success).toBe(false);
    expect(draftRequestSchema.safeParse({ ...base, lignes: [line], admin: true }).success).toBe(false);
    expect(avoirRequestSchema.safeParse({ factureId: 3, mode: 'partiel' }).success).toBe(false);
  });
});

describe("'Émettre et envoyer' (R-MAIL-09)", () => {
  it('R-MAIL-09: the issue names its version; envoyer, when given, is a boolean and nothing else is taken', () => {
    expect(draftIssueSchema.parse({ version: 2 })).toEqual({ version: 2 });
    expect(draftIssueSchema.parse({ version: 2, envoyer: true })).toEqual({ version: 2, envoyer: true });
    expect(draftIssueSchema.parse({ version: 2, envoyer: false })).toEqual({ version: 2, envoyer: false });
    for (const envoyer of ['oui', 1, null])
      expect(draftIssueSchema.safeParse({ version: 2, envoyer }).success).toBe(false);
    const refused = draftIssueSchema.safeParse({ version: 2, envoyer: 'true' });
    expect(refused.error?.issues[0]?.message).toBe('envoyer invalide : true ou false attendu');
    expect(draftIssueSchema.safeParse({ envoyer: true }).success).toBe(false);
    expect(draftIssueSchema.safeParse({ version: 2, envoyer: true, cle: 'x' }).success).toBe(false);
  });
});
