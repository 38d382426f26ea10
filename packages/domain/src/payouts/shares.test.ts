import { describe, expect, it } from 'vitest';
import { ruleInForce, shareRuleProblem, type DatedShareRule } from './share-rules';
import { PAYOUT_MESSAGES } from './payout-messages';
import { earnedShares, fixLevels, fullShares, lineShare, shareBase, shareMovement } from './shares';

describe('R-PAY-02: a sale’s shares wholly paid', () => {
  it('an amount per unit times the quantity; a rate rounded down to the cent', () => {
    expect(lineShare({ amountCents: 4_500, quantity: 3 }, { mode: 'montant', value: 700 })).toBe(2_100);
    // 12.5 % of 33.33 € = 4.16625 € → 4.16 €: the remainder stays with the federation.
    expect(lineShare({ amountCents: 3_333, quantity: 1 }, { mode: 'taux', value: 1_250 })).toBe(416);
  });

  it('never more than the line, nor the two levels more than the sale', () => {
    expect(lineShare({ amountCents: 1_000, quantity: 5 }, { mode: 'montant', value: 900 })).toBe(1_000);
    expect(lineShare({ amountCents: -500, quantity: 1 }, { mode: 'montant', value: 100 })).toBe(0);
    const shares = fullShares(1_000, [
      {
        amountCents: 1_000,
        quantity: 1,
        rules: { ligue: { mode: 'taux', value: 7_000 }, comite: { mode: 'taux', value: 6_000 } },
      },
    ]);
    expect(shares).toEqual({ ligue: 700, comite: 300 });
  });

  it('lowers a rate’s share by a discount line, rounded so the remainder stays with the federation', () => {
    // 100 € at 10 % less a 33,33 € discount at 10 % (3,333 € → 3,34 €): 6,66 €, never below 0.
    expect(lineShare({ amountCents: -3_333, quantity: 1 }, { mode: 'taux', value: 1_000 })).toBe(-334);
    const rate = { ligue: { mode: 'taux', value: 1_000 } } as const;
    const shares = fullShares(6_667, [
      { amountCents: 10_000, quantity: 1, rules: rate },
      { amountCents: -3_333, quantity: 1, rules: rate },
    ]);
    expect(shares).toEqual({ ligue: 666, comite: 0 });
    expect(fullShares(100, [{ amountCents: -3_333, quantity: 1, rules: rate }])).toEqual({ ligue: 0, comite: 0 });
  });

  it('sums the lines per level; a line without a rule for a level gives it nothing', () => {
    const shares = fullShares(6_000, [
      { amountCents: 4_000, quantity: 2, rules: { ligue: { mode: 'montant', value: 500 } } },
      { amountCents: 2_000, quantity: 1, rules: { comite: { mode: 'taux', value: 1_000 } } },
    ]);
    expect(shares).toEqual({ ligue: 1_000, comite: 200 });
  });

  it('handles a sale of 1 M€ at 100 % exactly (beyond 2^53 as a product)', () => {
    const full = { ligue: 100_000_000, comite: 0 };
    expect(earnedShares(full, 100_000_000, 99_999_999)).toEqual({ ligue: 99_999_999, comite: 0 });
  });
});

describe('R-PAY-03: the money kept and the shares earned on it', () => {
  it('is the amount less the avoirs and less what is still owed, within [0, amount]', () => {
    expect(shareBase({ amountCents: 10_000, avoirsCents: 0, owedCents: 0 })).toBe(10_000);
    expect(shareBase({ amountCents: 10_000, avoirsCents: 3_000, owedCents: 0 })).toBe(7_000);
    // An avoir on an unpaid invoice: nothing kept.
    expect(shareBase({ amountCents: 10_000, avoirsCents: 3_000, owedCents: 7_000 })).toBe(0);
    expect(shareBase({ amountCents: 10_000, avoirsCents: 0, owedCents: 12_000 })).toBe(0);
  });

  it('earns pro rata, rounded down, and the whole shares once the sale is wholly kept', () => {
    const full = { ligue: 1_000, comite: 333 };
    expect(earnedShares(full, 10_000, 5_000)).toEqual({ ligue: 500, comite: 166 });
    expect(earnedShares(full, 10_000, 10_000)).toEqual(full);
    expect(earnedShares(full, 10_000, 0)).toEqual({ ligue: 0, comite: 0 });
  });

  it('keeps shares frozen on a larger amount within the sale once its amount is lowered', () => {
    // Frozen at 10 € + 5,50 € on 100 €, the sale corrected to 10 €: the ligue's 10 €, the comité nothing.
    expect(earnedShares({ ligue: 1_000, comite: 550 }, 1_000, 1_000)).toEqual({ ligue: 1_000, comite: 0 });
    expect(earnedShares({ ligue: 1_000, comite: 550 }, 800, 400)).toEqual({ ligue: 400, comite: 0 });
  });
});

describe('R-PAY-04: a movement is the difference of two states', () => {
  it('records a return as the reversal of what the settlement earned, and nothing when nothing changed', () => {
    const settled = { base: 10_000, ligue: 1_000, comite: 500 };
    expect(shareMovement({ base: 0, ligue: 0, comite: 0 }, settled)).toEqual(settled);
    expect(shareMovement(settled, { base: 0, ligue: 0, comite: 0 })).toEqual({
      base: -10_000,
      ligue: -1_000,
      comite: -500,
    });
    expect(shareMovement(settled, { ...settled })).toBeNull();
  });
});

describe('R-PAY-01: share rules', () => {
  const history: DatedShareRule[] = [
    { level: 'ligue', mode: 'taux', value: 1_000, fromSeason: 2025 },
    { level: 'ligue', mode: 'taux', value: 1_500, fromSeason: 2027 },
    { level: 'comite', mode: 'montant', value: 300, fromSeason: 2026 },
  ];

  it('applies from its season on, until the next rule of the same level', () => {
    expect(ruleInForce(history, 'ligue', 2024)).toBeUndefined();
    expect(ruleInForce(history, 'ligue', 2026)).toEqual({ mode: 'taux', value: 1_000 });
    expect(ruleInForce(history, 'ligue', 2028)).toEqual({ mode: 'taux', value: 1_500 });
    expect(ruleInForce(history, 'comite', 2025)).toBeUndefined();
  });

  it('refuses a share above the price, a negative or fractional value, a rate above 100 %', () => {
    const tarif = { kind: 'tarif', tarifId: 1 } as const;
    const category = { kind: 'categorie', categoryId: 1 } as const;
    expect(shareRuleProblem(tarif, { mode: 'montant', value: 5_001 }, { tarifPriceCents: 5_000 })).toBe(
      PAYOUT_MESSAGES.amountAbovePrice,
    );
    expect(shareRuleProblem(tarif, { mode: 'montant', value: -1 }, {})).toBe(PAYOUT_MESSAGES.ruleNotWhole);
    expect(shareRuleProblem(tarif, { mode: 'montant', value: 10.5 }, {})).toBe(PAYOUT_MESSAGES.ruleNotWhole);
    expect(shareRuleProblem(category, { mode: 'taux', value: 10_001 }, {})).toBe(PAYOUT_MESSAGES.rateAboveAll);
    expect(shareRuleProblem(category, { mode: 'montant', value: 100 }, {})).toBe(PAYOUT_MESSAGES.amountNeedsTarif);
    expect(shareRuleProblem(tarif, { mode: 'montant', value: 5_000 }, { tarifPriceCents: 5_000 })).toBeNull();
  });

  it('refuses two levels that together take more than the price', () => {
    const tarif = { kind: 'tarif', tarifId: 1 } as const;
    const context = { tarifPriceCents: 5_000, otherLevel: { mode: 'taux', value: 5_000 } as const };
    expect(shareRuleProblem(tarif, { mode: 'montant', value: 2_501 }, context)).toBe(PAYOUT_MESSAGES.bothAbovePrice);
    expect(shareRuleProblem(tarif, { mode: 'montant', value: 2_500 }, context)).toBeNull();
    expect(
      shareRuleProblem(
        { kind: 'categorie', categoryId: 1 },
        { mode: 'taux', value: 6_000 },
        { otherLevel: { mode: 'taux', value: 4_001 } },
      ),
    ).toBe(PAYOUT_MESSAGES.bothAbovePrice);
  });
});

describe('R-PAY-04: each level’s share fixed by the first rule of that level that reaches the sale', () => {
  const fixed = (full: number) => ({ full, fixed: true });
  const open = { full: 0, fixed: false };

  it('a fixed level keeps its share whatever the rules give now', () => {
    expect(fixLevels({ ligue: fixed(1_000), comite: fixed(0) }, { ligue: fixed(2_000), comite: fixed(500) })).toEqual({
      ligue: fixed(1_000),
      comite: fixed(0),
    });
  });

  it('a level no rule had reached takes the rule that reaches it now, and is fixed by it', () => {
    expect(fixLevels({ ligue: fixed(1_000), comite: open }, { ligue: fixed(2_000), comite: fixed(500) })).toEqual({
      ligue: fixed(1_000),
      comite: fixed(500),
    });
    expect(fixLevels({ ligue: fixed(1_000), comite: open }, { ligue: fixed(2_000), comite: open })).toEqual({
      ligue: fixed(1_000),
      comite: open,
    });
  });
});
