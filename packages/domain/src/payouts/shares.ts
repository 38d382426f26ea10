/**
 * Each level's share of what a club pays (R-PAY-01..04): the ligue's and the comité's part of a
 * sale, earned as the money is kept and reversed when it is not. Integer cents throughout;
 * every division rounds down to the cent and the remainder stays with the federation.
 */
import type { Cents } from '../money/money';
import { StructureType } from '../structures/structure-types';

export const SHARE_LEVELS = ['ligue', 'comite'] as const;
export type ShareLevel = (typeof SHARE_LEVELS)[number];

/** R-PAY-04: the level a structure is paid shares as: a ligue régionale or a comité départemental. */
export function shareLevelOfStructureType(typeId: number): ShareLevel | null {
  if (typeId === StructureType.LigueRegionale) return 'ligue';
  if (typeId === StructureType.ComiteDepartemental) return 'comite';
  return null;
}

/** 'montant': cents per unit; 'taux': basis points of the line's amount (10 000 = 100 %). */
export const SHARE_MODES = ['montant', 'taux'] as const;
export type ShareMode = (typeof SHARE_MODES)[number];

/** 100 % in basis points. */
export const RATE_BASE = 10_000;

export interface ShareRule {
  mode: ShareMode;
  /** Cents per unit ('montant') or basis points ('taux'); a non-negative integer. */
  value: number;
}

/** One line of a sale: its amount (TTC, cents), its quantity and the rule of each level. */
export interface ShareLine {
  amountCents: Cents;
  quantity: number;
  rules: Partial<Record<ShareLevel, ShareRule>>;
}

export type Shares = Record<ShareLevel, Cents>;

export const NO_SHARES: Shares = Object.freeze({ ligue: 0, comite: 0 });

/**
 * R-PAY-02: a line's share for one level: the amount per unit times the quantity, or the rate
 * of the line's amount rounded down to the cent, never above the line's amount. A discount line
 * (negative) lowers a rate's share by its rate rounded up, so the remainder still stays with the
 * federation; an amount per unit takes nothing from it.
 */
export function lineShare(line: Pick<ShareLine, 'amountCents' | 'quantity'>, rule: ShareRule): Cents {
  if (line.amountCents < 0) return rule.mode === 'taux' ? -ceilRatio(-line.amountCents, rule.value, RATE_BASE) : 0;
  const raw =
    rule.mode === 'montant' ? rule.value * line.quantity : floorRatio(line.amountCents, rule.value, RATE_BASE);
  return Math.min(Math.max(raw, 0), line.amountCents);
}

/**
 * R-PAY-02: the shares of a sale wholly paid: the sum of its lines' shares per level, the
 * ligue's within the sale's amount and the comité's within what the ligue's leaves, so the
 * federation's part is never negative.
 */
export function fullShares(amountCents: Cents, lines: readonly ShareLine[]): Shares {
  if (amountCents <= 0) return { ...NO_SHARES };
  const sum = (level: ShareLevel) =>
    lines.reduce((total, line) => {
      const rule = line.rules[level];
      return rule ? total + lineShare(line, rule) : total;
    }, 0);
  const ligue = Math.min(Math.max(sum('ligue'), 0), amountCents);
  const comite = Math.min(Math.max(sum('comite'), 0), amountCents - ligue);
  return { ligue, comite };
}

/** What a sale's share base is read from (R-PAY-03), in cents. */
export interface SaleMoney {
  amountCents: Cents;
  /** Σ of the avoirs made on the sale (R-INV-07), whether allocated or owed back. */
  avoirsCents: Cents;
  /**
   * What is still owed on the sale (R-BAL-01's reste dû, ≥ 0): its own, or, once relaunched, the
   * reste dû of the flux that carries its debt on (R-FLUX-05).
   */
  owedCents: Cents;
}

/**
 * R-PAY-03: the money the federation has kept of a sale: its amount less its avoirs and less
 * what is still owed, within [0, amount]. A return or an undone reconciliation raises what is
 * owed, an avoir lowers what is kept: both lower the base.
 */
export function shareBase(sale: SaleMoney): Cents {
  const kept = sale.amountCents - sale.avoirsCents - Math.max(0, sale.owedCents);
  return Math.min(Math.max(kept, 0), Math.max(sale.amountCents, 0));
}

/**
 * R-PAY-03: the shares earned on `base` of a sale whose shares wholly paid are `full`: pro rata,
 * each rounded down to the cent (the remainder stays with the federation); `full` itself once
 * the sale is wholly kept.
 */
export function earnedShares(full: Shares, amountCents: Cents, base: Cents): Shares {
  if (amountCents <= 0 || base <= 0) return { ...NO_SHARES };
  // Frozen shares of a sale whose amount was lowered since stay within it (R-PAY-02's bound).
  const ligue = Math.min(full.ligue, amountCents);
  const bounded = { ligue, comite: Math.min(full.comite, amountCents - ligue) };
  if (base >= amountCents) return bounded;
  return { ligue: floorRatio(base, bounded.ligue, amountCents), comite: floorRatio(base, bounded.comite, amountCents) };
}

/** What the federation keeps of `base` once the levels' shares are paid (R-PAY-03). */
export function federationPart(base: Cents, shares: Shares): Cents {
  return base - shares.ligue - shares.comite;
}

/** A change of a sale's kept money and shares, recorded once (R-PAY-04). */
export interface ShareMovement {
  base: Cents;
  ligue: Cents;
  comite: Cents;
}

/**
 * R-PAY-04: the movement that brings what was recorded for a sale to what it should now be, or
 * null when nothing changed. Movements are differences of states, so a settlement, a return or
 * an avoir seen twice is counted once, and the recorded sums always equal the rule's figures.
 */
export function shareMovement(recorded: ShareMovement, target: ShareMovement): ShareMovement | null {
  const movement = {
    base: target.base - recorded.base,
    ligue: target.ligue - recorded.ligue,
    comite: target.comite - recorded.comite,
  };
  return movement.base === 0 && movement.ligue === 0 && movement.comite === 0 ? null : movement;
}

/** ⌈a × b / c⌉ for non-negative integers. */
function ceilRatio(a: number, b: number, c: number): number {
  const floor = floorRatio(a, b, c);
  return floor * c === a * b ? floor : floor + 1;
}

/** ⌊a × b / c⌋ for non-negative integers, exact beyond 2^53 (a sale of 1 M€ at 100 %). */
function floorRatio(a: number, b: number, c: number): number {
  const product = a * b;
  if (Number.isSafeInteger(product)) return Math.floor(product / c);
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** A level's share wholly paid, and whether it is fixed (R-PAY-04). */
export interface LevelShare {
  full: Cents;
  /** A rule of the level reached the sale, or the level has no payee: the share no longer moves. */
  fixed: boolean;
}

/**
 * R-PAY-04: each level's share of a sale is fixed by the first rule of that level that reaches it
 * and never changes after; a level no rule had reached takes what the rules give now (a comité's
 * rule set after the ligue's reaches the sales the ligue's already did).
 */
export function fixLevels(
  recorded: Readonly<Record<ShareLevel, LevelShare>>,
  now: Readonly<Record<ShareLevel, LevelShare>>,
): Record<ShareLevel, LevelShare> {
  return {
    ligue: recorded.ligue.fixed ? recorded.ligue : now.ligue,
    comite: recorded.comite.fixed ? recorded.comite : now.comite,
  };
}
