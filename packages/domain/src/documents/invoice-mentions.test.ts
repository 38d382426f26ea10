import { describe, expect, it } from 'vitest';
import { SEPA_PRE_NOTIFICATION_DAYS } from '../sepa/debit-notice';
import {
  debitDayValue,
  directDebitDay,
  invoiceKind,
  legalFooterLines,
  paidNote,
  preNotificationLines,
  settlementInstant,
  settlementLine,
  settlementStatement,
  type SettlementFacts,
} from './invoice-mentions';

const facts = (overrides: Partial<SettlementFacts> = {}): SettlementFacts => ({
  kind: 'facture',
  affiliation: false,
  categoryId: 4,
  settled: false,
  settledAt: null,
  dueDate: '2024-03-31',
  debit: { fixed: true, day: '2024-03-31' },
  ...overrides,
});

describe('document kind (R-FACT-06, R-FACT-07)', () => {
  it('a credit flux is an avoir, a relaunched copy an avis de prélèvement, any other debit a facture', () => {
    expect(invoiceKind({ isDebit: false }, null)).toBe('avoir');
    expect(invoiceKind({ isDebit: true }, { id: 7, seasonId: 2024 })).toBe('avis');
    expect(invoiceKind({ isDebit: true }, null)).toBe('facture');
  });
});

describe('debit date of a direct debit (R-FACT-10, R-SEPA-11: SEPA rulebook pre-notification)', () => {
  const createdAt = new Date('2024-03-01T23:30:00Z'); // 2 March in Paris
  it("the flux's own due date first", () => {
    expect(directDebitDay({ dueDate: '2024-04-05', createdAt }, '2024-04-10')).toEqual({
      fixed: true,
      day: '2024-04-05',
    });
  });
  it("else its SEPA batch's collection date", () => {
    expect(directDebitDay({ dueDate: null, createdAt }, '2024-04-10')).toEqual({ fixed: true, day: '2024-04-10' });
  });
  it('else not before the 14 calendar days of notice, counted from the Paris day of issue, on a TARGET day', () => {
    expect(SEPA_PRE_NOTIFICATION_DAYS).toBe(14);
    const debit = directDebitDay({ dueDate: null, createdAt }, null);
    // 2 March + 14 days is Saturday 16 March: the first TARGET day is Monday 18 March.
    expect(debit).toEqual({ fixed: false, earliest: '2024-03-18' });
    expect(debitDayValue(debit)).toBe('au plus tôt le 18/03/2024 (préavis de 14 jours calendaires)');
  });
  it('R-SEPA-11: a due date inside the notice period is pushed to its end; a closed day to the next TARGET day', () => {
    expect(directDebitDay({ dueDate: '2024-03-05', createdAt }, null)).toEqual({ fixed: true, day: '2024-03-18' });
    expect(directDebitDay({ dueDate: '2024-03-30', createdAt }, null)).toEqual({ fixed: true, day: '2024-04-02' });
  });
});

describe('what stands in place of the due date (L441-9 C. com.; R-FACT-03; R-FACT-11)', () => {
  it('an unpaid category-4 facture: its due date, on receipt when none', () => {
    expect(settlementLine(settlementStatement(facts()))).toBe('Date d’échéance : 31/03/2024');
    expect(settlementLine(settlementStatement(facts({ dueDate: null })))).toBe(
      'Date d’échéance : à réception de la facture',
    );
  });
  it("an Affiliation debit: 'Facture acquittée par carte bancaire' (R-FACT-03), no due date", () => {
    for (const categoryId of [3, 4, 5]) {
      const statement = settlementStatement(facts({ affiliation: true, categoryId }));
      expect(statement).toEqual({ kind: 'paid-by-card' });
      expect(settlementLine(statement)).toBeNull();
      expect(paidNote(statement, 'Facture acquittée par carte bancaire')).toBe('Facture acquittée par carte bancaire');
    }
  });
  it('an avoir is never acquittée par carte bancaire, even for an Affiliation flux', () => {
    const statement = settlementStatement(facts({ kind: 'avoir', affiliation: true, dueDate: null }));
    expect(paidNote(statement, 'Facture acquittée par carte bancaire')).toBeNull();
    expect(settlementLine(statement)).toBe('Date d’échéance : à réception de l’avoir');
  });
  it('category 5: the debit date is the due date', () => {
    const statement = settlementStatement(facts({ categoryId: 5, debit: { fixed: true, day: '2024-04-05' } }));
    expect(settlementLine(statement)).toBe('Date de prélèvement : 05/04/2024');
  });
  it("a relaunch's avis announces its debit, even for an Affiliation label", () => {
    const statement = settlementStatement(facts({ kind: 'avis', affiliation: true, categoryId: 5 }));
    expect(statement.kind).toBe('debit');
  });
  it("a settled debit says 'Facture acquittée le …' (Paris day), or without a date when unknown", () => {
    const statement = settlementStatement(facts({ settled: true, settledAt: new Date('2024-03-09T23:15:00Z') }));
    expect(settlementLine(statement)).toBeNull();
    expect(paidNote(statement, '')).toBe('Facture acquittée le 10/03/2024');
    expect(paidNote(settlementStatement(facts({ settled: true })), '')).toBe('Facture acquittée');
  });
  it('settlement instant: the latest settlement audit, else the creation through the app, else unknown', () => {
    const audit = new Date('2024-03-10T10:00:00Z');
    const created = new Date('2024-03-01T10:00:00Z');
    expect(settlementInstant(audit, created)).toBe(audit);
    expect(settlementInstant(null, created)).toBe(created);
    expect(settlementInstant(null, null)).toBeNull();
  });
});

describe('legal footer (L441-9, L441-10, D441-5 C. com.; R-FACT-08)', () => {
  it('due date, 3 times the legal interest rate, 40 € indemnity, no discount', () => {
    const lines = legalFooterLines(settlementStatement(facts({ categoryId: 1 })), false).join('\n');
    expect(lines).toContain('Date d’échéance : 31/03/2024');
    expect(lines).toContain('3 fois le taux d’intérêt légal');
    expect(lines).toContain('art. L441-10 du Code de commerce');
    expect(lines).toContain('indemnité forfaitaire pour frais de recouvrement de 40\u00a0€');
    expect(lines).toContain('art. D441-5 du Code de commerce');
    expect(lines).toContain('Pas d’escompte pour paiement anticipé.');
  });
  it('the due date is not repeated when the payment-terms block states it', () => {
    const lines = legalFooterLines(settlementStatement(facts()), true);
    expect(lines.join('\n')).not.toContain('Date d’échéance');
    expect(lines).toHaveLength(2);
  });
});

describe('SEPA pre-notification (SEPA Core rulebook)', () => {
  it('amount and debit date, RUM and ICS', () => {
    expect(
      preNotificationLines({
        amount: '1 819,10 €',
        debit: { fixed: true, day: '2026-12-23' },
        mandateReference: 'RUM-1',
        creditorIdentifier: 'FR72ZZZ123456',
      }),
    ).toEqual([
      'Le montant de 1 819,10 € sera prélevé sur votre compte le 23/12/2026.',
      'Référence unique du mandat (RUM) : RUM-1',
      'Identifiant créancier SEPA (ICS) : FR72ZZZ123456',
    ]);
  });
  it('a structure without mandate says so rather than print nothing', () => {
    const lines = preNotificationLines({
      amount: '1 €',
      debit: { fixed: false, earliest: '2024-03-16' },
      mandateReference: null,
      creditorIdentifier: 'FR72ZZZ123456',
    });
    expect(lines[0]).toBe(
      'Le montant de 1 € sera prélevé sur votre compte au plus tôt le 16/03/2024 (préavis de 14 jours calendaires).',
    );
    expect(lines[1]).toBe('Référence unique du mandat (RUM) : non renseignée');
  });
});
