import { describe, expect, it } from 'vitest';
import {
  buildAccountStatement,
  buildAccountStatementFromParts,
  isOpenAtStartOf,
  overdueFlux,
  type AccountFlux,
} from '../account-statement/account-statement';
import { accountFluxBuilder } from '../account-statement/account-flux.fixture';
import { parisIsoDate } from '../documents/document-format';
import { receivableTotals, resteDuByFlux, settledAmount, structureBalance } from './reste-du';

const TODAY = '2026-11-28';
const flux = accountFluxBuilder(1);

describe('R-BAL-01: the reste dû of a flux', () => {
  it('is its amount until settled, less each confirmed part; 0 once settled or relaunched', () => {
    const unpaid = flux({ at: '2026-01-05T10:00:00+01:00', amountTTC: 10_000 });
    const partly = flux({
      at: '2026-01-05T10:00:00+01:00',
      amountTTC: 10_000,
      settledParts: [{ amount: 3_000, day: '2026-02-01' }],
    });
    const settled = flux({
      at: '2026-01-05T10:00:00+01:00',
      amountTTC: 10_000,
      settled: true,
      settledOn: '2026-02-01',
    });
    const relaunch = flux({ at: '2026-03-01T10:00:00+01:00', amountTTC: 10_000 });
    const relaunched = flux({
      at: '2026-01-05T10:00:00+01:00',
      amountTTC: 10_000,
      relaunchedBy: relaunch.id,
      relaunchedAt: relaunch.createdAt,
    });
    const reste = resteDuByFlux([unpaid, partly, settled, relaunched, relaunch], TODAY);
    expect(reste.get(unpaid.id)).toBe(10_000);
    expect(reste.get(partly.id)).toBe(7_000);
    expect(reste.get(settled.id)).toBe(0);
    expect(reste.get(relaunched.id)).toBe(0);
    // The relaunch flux carries the debt on: owed once, never twice.
    expect(reste.get(relaunch.id)).toBe(10_000);
    // At a day before the part, before the settlement, before the relaunch:
    const earlier = resteDuByFlux([partly, settled, relaunched, relaunch], '2026-01-31');
    expect(earlier.get(partly.id)).toBe(10_000);
    expect(earlier.get(settled.id)).toBe(10_000);
    expect(earlier.get(relaunched.id)).toBe(10_000);
    expect(earlier.get(relaunch.id)).toBe(0);
  });

  it('R-BAL-02: an open avoir is allocated to the debit it names, up to what the debit still owes; the excess stays owed to the structure', () => {
    const invoice = flux({
      at: '2026-01-05T10:00:00+01:00',
      amountTTC: 10_000,
      settledParts: [{ amount: 6_000, day: '2026-01-20' }],
    });
    const avoir = flux({ at: '2026-01-10T10:00:00+01:00', isDebit: false, amountTTC: 5_000, creditFor: invoice.id });
    const reste = resteDuByFlux([invoice, avoir], TODAY);
    expect(reste.get(invoice.id)).toBe(0);
    expect(reste.get(avoir.id)).toBe(-1_000);
    // Allocation never changes the balance: 10,000 − 6,000 − 5,000.
    expect(structureBalance([invoice, avoir], TODAY)).toBe(-1_000);
    // An avoir paid out (settled) is allocated to nothing.
    const paidOut = { ...avoir, settled: true, settledOn: '2026-01-15' };
    expect(resteDuByFlux([invoice, paidOut], TODAY).get(invoice.id)).toBe(4_000);
    // An avoir naming a debit already settled stays owed to the structure.
    const settledInvoice = { ...invoice, settled: true, settledOn: '2026-01-20' };
    expect(resteDuByFlux([settledInvoice, avoir], TODAY).get(avoir.id)).toBe(-5_000);
  });

  it('R-BAL-03: the totals of a list name each figure: billed, settled (parts and whole settlements), credited, reste dû', () => {
    const invoice = flux({
      at: '2026-01-05T10:00:00+01:00',
      amountTTC: 10_000,
      settledParts: [{ amount: 2_500, day: '2026-01-20' }],
    });
    const paid = flux({ at: '2026-01-06T10:00:00+01:00', amountTTC: 4_000, settled: true, settledOn: '2026-01-07' });
    const refund = flux({ at: '2026-01-08T10:00:00+01:00', isDebit: false, amountTTC: 1_000 });
    expect(receivableTotals([invoice, paid, refund], undefined, TODAY)).toEqual({
      count: 3,
      totalBilled: 14_000,
      totalSettled: 6_500,
      totalCredited: 1_000,
      resteDu: 6_500,
    });
    expect(settledAmount(refund, TODAY)).toBe(0);
  });
});

/** A seeded generator (the failures reproduce): mulberry32. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DAY_MS = 86_400_000;
const START = Date.parse('2024-09-01T09:00:00+02:00');

/**
 * One structure's history, lived in time order as the product writes it: invoices, avoirs
 * naming an invoice, refunds, partial and whole bank settlements, settlements marked by hand,
 * SEPA returns (which clear the paid flag), relaunches (a new flux carries the debt on), credits
 * paid out, and reconciliations undone (their parts disappear, the paid flag is cleared).
 */
function history(random: () => number): AccountFlux[] {
  const all: AccountFlux[] = [];
  let nextId = 1;
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const openDebits = () => all.filter((f) => f.isDebit && !f.settled && f.relaunchedBy === null);
  const paid = (f: AccountFlux) => f.settledParts.reduce((sum, part) => sum + part.amount, 0);
  const events = 10 + Math.floor(random() * 70);
  for (let n = 0; n < events; n++) {
    const at = new Date(START + Math.floor((n / events) * 800 * DAY_MS) + Math.floor(random() * DAY_MS));
    const day = parisIsoDate(at);
    const draw = random();
    const base = {
      createdAt: at,
      label: `Flux ${nextId}`,
      settled: false,
      settledOn: null,
      relaunchedBy: null,
    } as const;
    const make = (over: Partial<AccountFlux>): AccountFlux => ({
      id: nextId++,
      ...base,
      isDebit: true,
      amountTTC: 100 + Math.floor(random() * 500_000),
      dueDate: random() < 0.5 ? parisIsoDate(new Date(at.getTime() + 30 * DAY_MS)) : null,
      relaunchedAt: null,
      bankReturn: null,
      settledParts: [],
      creditFor: null,
      ...over,
    });
    const open = openDebits();
    if (draw < 0.35 || open.length === 0) all.push(make({}));
    else if (draw < 0.45) {
      const target = pick(all.filter((f) => f.isDebit));
      all.push(make({ isDebit: false, amountTTC: 100 + Math.floor(random() * 200_000), creditFor: target!.id }));
    } else if (draw < 0.5) all.push(make({ isDebit: false }));
    else if (draw < 0.65) {
      const target = pick(open)!;
      const due = target.amountTTC - paid(target);
      const amount = random() < 0.5 ? due : 1 + Math.floor(random() * due);
      target.settledParts = [...target.settledParts, { amount, day }];
      if (amount === due) Object.assign(target, { settled: true, settledOn: day });
    } else if (draw < 0.75) {
      Object.assign(pick(open)!, { settled: true, settledOn: random() < 0.2 ? null : day });
    } else if (draw < 0.82) {
      const target = pick(all.filter((f) => f.isDebit && f.settled && f.settledParts.length === 0));
      if (target)
        Object.assign(target, {
          settled: false,
          settledOn: null,
          bankReturn: { type: 'rejet', reasonCode: 'AM04', date: day },
        });
    } else if (draw < 0.9) {
      const target = pick(open.filter((f) => f.bankReturn !== null).concat(open.slice(0, 1)))!;
      const relaunch = make({ amountTTC: target.amountTTC - paid(target) });
      all.push(relaunch);
      Object.assign(target, { relaunchedBy: relaunch.id, relaunchedAt: at });
    } else if (draw < 0.95) {
      const target = pick(all.filter((f) => !f.isDebit && !f.settled));
      if (target) Object.assign(target, { settled: true, settledOn: day });
    } else {
      const target = pick(all.filter((f) => f.settledParts.length > 0 && f.relaunchedBy === null));
      if (target)
        Object.assign(target, { settledParts: target.settledParts.slice(0, -1), settled: false, settledOn: null });
    }
  }
  return all;
}

describe('R-BAL-01: one figure on every screen, whatever the history (seeded random histories)', () => {
  it('property: the relevé closes at the balance, the statement from parts equals it, Impayés reads the same overdue flux, the summary the same reste dû', () => {
    const random = seeded(38);
    for (let round = 0; round < 300; round++) {
      const all = history(random);
      const days = all.map((f) => parisIsoDate(f.createdAt)).sort();
      const from = days[Math.floor(random() * days.length)]!;
      const to = [from, days.at(-1)!, TODAY][Math.floor(random() * 3)]!;
      const period = { from, to };

      // The relevé's closing balance is the structure's balance at its last day.
      const statement = buildAccountStatement(all, period, TODAY);
      expect(statement.closingBalance).toBe(structureBalance(all, to));
      // ... and the opening balance, the balance the day before its first day.
      expect(statement.openingBalance).toBe(
        structureBalance(all, new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10)),
      );

      // What the server reads for a statement (the period's flux, the earlier ones open at its start).
      const fromTime = Date.parse(`${from}T00:00:00Z`);
      const byParts = buildAccountStatementFromParts(
        {
          periodFlux: all.filter((f) => parisIsoDate(f.createdAt) >= from && parisIsoDate(f.createdAt) <= to),
          earlierOpenFlux: all.filter((f) => parisIsoDate(f.createdAt) < from && isOpenAtStartOf(f, from)),
        },
        period,
        TODAY,
      );
      expect(byParts.closingBalance).toBe(statement.closingBalance);
      expect(byParts.openingBalance).toBe(statement.openingBalance);
      expect(fromTime).toBeGreaterThan(0);

      // Impayés reads only open debits and the open avoirs naming them: the same overdue flux and total.
      const everything = buildAccountStatement(all, { from: days[0]!, to: TODAY }, TODAY);
      const candidates = all.filter(
        (f) => !f.settled && f.relaunchedBy === null && (f.isDebit || f.creditFor !== null),
      );
      expect(overdueFlux(candidates, TODAY)).toEqual(everything.overdue);

      // The search summary of every flux of the structure: its reste dû is the balance today.
      const totals = receivableTotals(all, all, TODAY);
      expect(totals.resteDu).toBe(everything.closingBalance);
      // Each flux owes between nothing and its amount, on its side.
      for (const [id, cents] of resteDuByFlux(all, TODAY)) {
        const item = all.find((f) => f.id === id)!;
        if (item.isDebit) expect(cents >= 0 && cents <= item.amountTTC).toBe(true);
        else expect(cents <= 0 && -cents <= item.amountTTC).toBe(true);
      }
    }
  });
});
