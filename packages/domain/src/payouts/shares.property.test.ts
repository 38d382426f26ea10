import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resteDuByFlux, type ReceivableFlux } from '../receivables/reste-du';
import {
  earnedShares,
  federationPart,
  fullShares,
  shareBase,
  shareMovement,
  type ShareLine,
  type ShareMovement,
} from './shares';

/**
 * R-PAY-03, R-PAY-04 over random histories of one season: sales settled by SEPA credits, parts
 * reconciled and undone, returns, avoirs and relaunches, each event followed by the sync that
 * records the difference. The balance rule (R-BAL-01) is the real one: the shares follow what
 * a structure owes, not a model of it.
 */

const DAY0 = Date.UTC(2026, 8, 1, 10);
const dayOf = (n: number) => new Date(DAY0 + n * 86_400_000).toISOString().slice(0, 10);
const instantOf = (n: number) => new Date(DAY0 + n * 86_400_000);

type Event =
  | { kind: 'part'; share: number }
  | { kind: 'undoPart'; pick: number }
  | { kind: 'settle' }
  | { kind: 'return' }
  | { kind: 'avoir'; share: number }
  | { kind: 'relaunch' };

const eventArbitrary: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant('part' as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('undoPart' as const), pick: fc.nat() }),
  fc.constant({ kind: 'settle' as const }),
  fc.constant({ kind: 'return' as const }),
  fc.record({ kind: fc.constant('avoir' as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
  fc.constant({ kind: 'relaunch' as const }),
);

const ruleArbitrary = fc.oneof(
  fc.record({ mode: fc.constant('taux' as const), value: fc.integer({ min: 0, max: 5_000 }) }),
  fc.record({ mode: fc.constant('montant' as const), value: fc.integer({ min: 0, max: 3_000 }) }),
);

const lineArbitrary: fc.Arbitrary<ShareLine> = fc.record({
  amountCents: fc.integer({ min: 1, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
  rules: fc.record({ ligue: ruleArbitrary, comite: ruleArbitrary }, { requiredKeys: [] }),
});

const saleArbitrary = fc.record({
  lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 4 }),
  ligue: fc.constantFrom(101, 102),
  comite: fc.constantFrom(201, 202, 203),
  events: fc.array(eventArbitrary, { maxLength: 12 }),
});

interface Dated extends ShareMovement {
  day: number;
  ligueId: number;
  comiteId: number;
}

/** One sale's history played event by event, with the sync after each. */
type Sale = typeof saleArbitrary extends fc.Arbitrary<infer T> ? T : never;

function play(sale: Sale, saleId: number, day: { n: number }): Dated[] {
  const amount = sale.lines.reduce((total, line) => total + line.amountCents, 0);
  const full = fullShares(amount, sale.lines);
  const flux: ReceivableFlux[] = [receivable(saleId, day.n, amount)];
  let carrier = flux[0]!;
  let avoirs = 0;
  let recorded: ShareMovement = { base: 0, ligue: 0, comite: 0 };
  const movements: Dated[] = [];
  /** What the balance rule said was kept at the end of each day, as the day ended. */
  const keptOn = new Map<number, number>([[day.n, 0]]);
  const kept = (n: number) => {
    const reste = resteDuByFlux(flux, dayOf(n));
    const owed = flux.filter((item) => item.isDebit).reduce((total, item) => total + (reste.get(item.id) ?? 0), 0);
    return shareBase({ amountCents: amount, avoirsCents: avoirs, owedCents: owed });
  };
  for (const event of sale.events) {
    day.n += 1;
    const next = apply(event, { flux, carrier, amount, avoirs, day: day.n, saleId });
    carrier = next.carrier;
    avoirs = next.avoirs;
    const base = kept(day.n);
    const target = { base, ...earnedShares(full, amount, base) };
    const movement = shareMovement(recorded, target);
    if (movement) movements.push({ ...movement, day: day.n, ligueId: sale.ligue, comiteId: sale.comite });
    recorded = target;
    keptOn.set(day.n, base);
    // Never twice: the same state seen again records nothing.
    expect(shareMovement(recorded, { base: kept(day.n), ...earnedShares(full, amount, kept(day.n)) })).toBeNull();
    expect(recorded.ligue).toBeGreaterThanOrEqual(0);
    expect(recorded.comite).toBeGreaterThanOrEqual(0);
    expect(recorded.ligue).toBeLessThanOrEqual(full.ligue);
    expect(recorded.comite).toBeLessThanOrEqual(full.comite);
    expect(federationPart(recorded.base, recorded)).toBeGreaterThanOrEqual(0);
  }
  // Wholly kept: exactly the shares of the sale wholly paid; nothing kept: nothing shared.
  if (recorded.base === amount) expect({ ligue: recorded.ligue, comite: recorded.comite }).toEqual(full);
  if (recorded.base === 0) expect(recorded.ligue + recorded.comite).toBe(0);
  // The log read at any day gives what the balance rule said was kept that day (a return
  // leaves no trace in the flux, so the day's own answer is the reference).
  for (const [n, keptThatDay] of keptOn) {
    const logged = movements.filter((movement) => movement.day <= n).reduce((total, m) => total + m.base, 0);
    expect(logged).toBe(keptThatDay);
  }
  return movements;
}

function receivable(id: number, dayNumber: number, amount: number, isDebit = true): ReceivableFlux {
  return {
    id,
    createdAt: instantOf(dayNumber),
    isDebit,
    amountTTC: amount,
    settled: false,
    settledOn: null,
    relaunchedBy: null,
    relaunchedAt: null,
    settledParts: [],
    creditFor: null,
  };
}

interface PlayState {
  flux: ReceivableFlux[];
  carrier: ReceivableFlux;
  amount: number;
  avoirs: number;
  day: number;
  saleId: number;
}

/** The write an event stands for, on the flux that carries the debt (the relaunch once made). */
function apply(event: Event, state: PlayState): { carrier: ReceivableFlux; avoirs: number } {
  const { flux, carrier, day } = state;
  const open = carrier.amountTTC - carrier.settledParts.reduce((total, part) => total + part.amount, 0);
  if (event.kind === 'part' && !carrier.settled && open > 0) {
    carrier.settledParts = [
      ...carrier.settledParts,
      { amount: Math.max(1, Math.floor(open * event.share)), day: dayOf(day) },
    ];
  } else if (event.kind === 'undoPart' && carrier.settledParts.length > 0) {
    const undone = event.pick % carrier.settledParts.length;
    carrier.settledParts = carrier.settledParts.filter((_part, index) => index !== undone);
  } else if (event.kind === 'settle' && !carrier.settled && carrier.relaunchedBy === null) {
    Object.assign(carrier, { settled: true, settledOn: dayOf(day) });
  } else if (event.kind === 'return' && carrier.settled) {
    Object.assign(carrier, { settled: false, settledOn: null });
  } else if (event.kind === 'avoir' && state.avoirs < state.amount && carrier.id === state.saleId) {
    const avoir = Math.max(1, Math.floor((state.amount - state.avoirs) * event.share));
    flux.push({ ...receivable(state.saleId * 100 + flux.length, day, avoir, false), creditFor: state.saleId });
    return { carrier, avoirs: state.avoirs + avoir };
  } else if (event.kind === 'relaunch' && !carrier.settled && carrier.relaunchedBy === null && open > 0) {
    // R-FLUX-05: the relaunch flux carries on what is still owed; the original is closed.
    const reste = resteDuByFlux(flux, dayOf(day)).get(carrier.id) ?? 0;
    if (reste <= 0) return { carrier, avoirs: state.avoirs };
    const relaunch = receivable(state.saleId * 100 + flux.length, day, reste);
    Object.assign(carrier, { relaunchedBy: relaunch.id, relaunchedAt: relaunch.createdAt });
    flux.push(relaunch);
    return { carrier: relaunch, avoirs: state.avoirs };
  }
  return { carrier, avoirs: state.avoirs };
}

describe('R-PAY-03, R-PAY-04: shares follow the money kept, over random seasons', () => {
  it('add up with the federation’s part to what was kept, to the cent, for every period and structure; never twice', () => {
    fc.assert(
      fc.property(fc.array(saleArbitrary, { minLength: 1, maxLength: 6 }), (sales) => {
        const day = { n: 0 };
        const log = sales.flatMap((sale, index) => play(sale, index + 1, day));
        for (let from = 0; from <= day.n; from += 3)
          for (const to of [from + 2, day.n]) {
            const period = log.filter((movement) => movement.day >= from && movement.day <= to);
            for (const ligueId of [101, 102]) {
              const own = period.filter((movement) => movement.ligueId === ligueId);
              const base = own.reduce((total, m) => total + m.base, 0);
              const parts = own.reduce((total, m) => total + m.ligue + m.comite + federationPart(m.base, m), 0);
              expect(parts).toBe(base);
            }
          }
      }),
      { numRuns: 300 },
    );
  });
});
