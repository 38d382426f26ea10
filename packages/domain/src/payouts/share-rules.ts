/**
 * The share rules set in Paramétrages comptables (R-PAY-01): per flux category (a rate) or per
 * tarif (an amount per unit or a rate), per level, applying from a season on.
 */
import type { Cents } from '../money/money';
import { RATE_BASE, type ShareLevel, type ShareRule } from './shares';
import { PAYOUT_MESSAGES } from './payout-messages';

/** What a rule applies to: every line of a category's flux, or a tarif's lines (finer, first). */
export type ShareTarget = { kind: 'categorie'; categoryId: number } | { kind: 'tarif'; tarifId: number };

/** A rule as kept: it applies to sales of its season and the following ones, until the next. */
export interface DatedShareRule extends ShareRule {
  level: ShareLevel;
  /** The season it applies from: a season's id is its end year, so ids order seasons. */
  fromSeason: number;
}

/** R-PAY-01: the rule in force for a sale of season `seasonId`, if any. */
export function ruleInForce(
  history: readonly DatedShareRule[],
  level: ShareLevel,
  seasonId: number,
): ShareRule | undefined {
  let chosen: DatedShareRule | undefined;
  for (const rule of history)
    if (rule.level === level && rule.fromSeason <= seasonId)
      if (!chosen || rule.fromSeason > chosen.fromSeason) chosen = rule;
  return chosen && { mode: chosen.mode, value: chosen.value };
}

/** The largest amount a share may be: the products' own bound (R-INV-01), 1 000 000 €. */
export const MAX_SHARE_CENTS: Cents = 100_000_000;

/**
 * R-PAY-01: why a rule cannot be kept, in French, or null. A category's rule is a rate (its
 * flux have no single price); a tarif's is an amount within its price or a rate; the two levels
 * together never take more than the price (or 100 %), so the federation's part is never negative.
 */
export function shareRuleProblem(
  target: ShareTarget,
  rule: ShareRule,
  context: { tarifPriceCents?: Cents; otherLevel?: ShareRule },
): string | null {
  if (!Number.isSafeInteger(rule.value) || rule.value < 0) return PAYOUT_MESSAGES.ruleNotWhole;
  if (rule.mode === 'taux' && rule.value > RATE_BASE) return PAYOUT_MESSAGES.rateAboveAll;
  if (rule.mode === 'montant') {
    if (target.kind === 'categorie') return PAYOUT_MESSAGES.amountNeedsTarif;
    if (rule.value > MAX_SHARE_CENTS) return PAYOUT_MESSAGES.amountTooLarge;
    if (context.tarifPriceCents !== undefined && rule.value > context.tarifPriceCents)
      return PAYOUT_MESSAGES.amountAbovePrice;
  }
  const other = context.otherLevel;
  if (other && bothAbovePrice(rule, other, context.tarifPriceCents)) return PAYOUT_MESSAGES.bothAbovePrice;
  return null;
}

/** Whether two levels' rules together take more than the whole (the price, or 100 %). */
function bothAbovePrice(one: ShareRule, other: ShareRule, priceCents: Cents | undefined): boolean {
  if (one.mode === 'taux' && other.mode === 'taux') return one.value + other.value > RATE_BASE;
  if (priceCents === undefined) return false;
  const onPrice = (rule: ShareRule) =>
    rule.mode === 'montant' ? rule.value : Math.floor((priceCents * rule.value) / RATE_BASE);
  return onPrice(one) + onPrice(other) > priceCents;
}
