import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_TERM_DAYS,
  ageingBucket,
  buildAccountStatement,
  buildAccountStatementFromParts,
  calendarDaysBetween,
  isOpenAtStartOf,
  effectiveDueDate,
  overdueFlux,
  rejectedDebits,
  type AccountFlux,
} from './account-statement';
import { accountFluxBuilder } from './account-flux.fixture';
import { accountStatementQuerySchema } from './statement-request';

const flux = accountFluxBuilder(1);

const SEASON = { from: '2025-09-01', to: '2026-08-31' };

/** Random settlement: unsettled, settled on a recorded day within 2024-2027, or settled with no day recorded. */
function settlement(random: () => number): Pick<AccountFlux, 'settled' | 'settledOn'> {
  const draw = random();
  if (draw < 0.5) return { settled: false, settledOn: null };
  if (draw < 0.6) return { settled: true, settledOn: null };
  const day = new Date(Date.parse('2024-01-01T00:00:00Z') + Math.floor(random() * 4 * 365) * 86_400_000);
  return { settled: true, settledOn: day.toISOString().slice(0, 10) };
}

describe('account statement: balances', () => {
  it('a settled flux is closed by its settlement on DateReglement; one settled without a recorded day, on its own day', () => {
    const statement = buildAccountStatement(
      [
        // Settled before the period: counts nowhere.
        flux({ at: '2025-06-10T10:00:00+02:00', amountTTC: 7000, settled: true, settledOn: '2025-07-01' }),
        // Settled before settlement days were recorded: closed on its own day, before the period.
        flux({ at: '2025-06-11T10:00:00+02:00', amountTTC: 9000, settled: true }),
        // Created before the period, settled in it: owed at the start, its settlement a line.
        flux({
          at: '2025-08-20T10:00:00+02:00',
          amountTTC: 5000,
          settled: true,
          settledOn: '2025-09-15',
          label: 'Licences',
        }),
        // In the period, settled after it: a line, owed at the end.
        flux({
          at: '2026-08-01T10:00:00+02:00',
          amountTTC: 300,
          settled: true,
          settledOn: '2026-09-10',
          label: 'Stage',
        }),
        // A credit paid out to the structure: its payment is a debit line.
        flux({
          at: '2025-10-01T10:00:00+02:00',
          amountTTC: 200,
          isDebit: false,
          settled: true,
          settledOn: '2025-10-05',
          label: 'Avoir',
        }),
      ],
      SEASON,
      '2026-10-01',
    );
    expect(statement.openingBalance).toBe(5000);
    expect(
      statement.lines.map(({ kind, date, label, debit, credit, balance }) => [
        kind,
        date,
        label,
        debit,
        credit,
        balance,
      ]),
    ).toEqual([
      ['reglement', '2025-09-15', 'Licences', null, 5000, 0],
      ['flux', '2025-10-01', 'Avoir', null, 200, -200],
      ['reglement', '2025-10-05', 'Avoir', 200, null, 0],
      ['flux', '2026-08-01', 'Stage', 300, null, 300],
    ]);
    expect(statement.closingBalance).toBe(300);
  });

  it('a relaunched debit is closed on the day of the flux that carries it on: never owed twice', () => {
    const relaunchedAt = new Date('2025-11-20T10:00:00+01:00');
    const statement = buildAccountStatement(
      [
        flux({ id: 500, at: '2025-10-01T10:00:00+02:00', amountTTC: 4000, relaunchedBy: 501, relaunchedAt }),
        flux({ id: 501, at: '2025-11-20T10:00:00+01:00', amountTTC: 4000 }),
      ],
      SEASON,
      '2026-01-01',
    );
    expect(statement.lines.map(({ kind, fluxId, date, balance }) => [kind, fluxId, date, balance])).toEqual([
      ['flux', 500, '2025-10-01', 4000],
      ['flux', 501, '2025-11-20', 8000],
      ['remplacement', 500, '2025-11-20', 4000],
    ]);
    expect(statement.lines[2]).toMatchObject({ credit: 4000, replacedBy: 501 });
    expect(statement.closingBalance).toBe(4000);
  });

  it('opening balance sums the flux before the period, débit minus crédit', () => {
    const statement = buildAccountStatement(
      [
        flux({ at: '2025-06-10T10:00:00+02:00', amountTTC: 5000 }),
        flux({ at: '2025-07-10T10:00:00+02:00', amountTTC: 1234, isDebit: false }),
        flux({ at: '2025-10-01T10:00:00+02:00', amountTTC: 100 }),
      ],
      SEASON,
      '2026-01-01',
    );
    expect(statement.openingBalance).toBe(3766);
    expect(statement.lines).toHaveLength(1);
    expect(statement.closingBalance).toBe(3866);
  });

  it('lists each flux of the period in date order with a running balance, débit and crédit columns', () => {
    const statement = buildAccountStatement(
      [
        flux({ at: '2025-11-02T10:00:00+01:00', amountTTC: 300, isDebit: false, label: 'Règlement' }),
        flux({ at: '2025-10-01T10:00:00+02:00', amountTTC: 1000, label: 'Licences' }),
      ],
      SEASON,
      '2026-01-01',
    );
    expect(
      statement.lines.map(({ date, label, debit, credit, balance }) => [date, label, debit, credit, balance]),
    ).toEqual([
      ['2025-10-01', 'Licences', 1000, null, 1000],
      ['2025-11-02', 'Règlement', null, 300, 700],
    ]);
    expect(statement.totalDebit).toBe(1000);
    expect(statement.totalCredit).toBe(300);
  });

  it('places a flux by its Paris calendar day: 23:30 UTC on the eve of the period is already inside', () => {
    const statement = buildAccountStatement(
      [flux({ at: '2025-08-31T22:30:00Z' }), flux({ at: '2026-08-31T22:30:00Z' })],
      SEASON,
      '2026-01-01',
    );
    // 2025-09-01 00:30 in Paris is in; 2026-09-01 00:30 in Paris is after the period.
    expect(statement.openingBalance).toBe(0);
    expect(statement.lines.map((line) => line.date)).toEqual(['2025-09-01']);
  });

  it('property: closing = opening + Σ débit − Σ crédit = last running balance, to the cent (seeded random flux sets)', () => {
    let seed = 20_261_124;
    const random = () => {
      // mulberry32: reproducible, so a failure names its seed.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const start = Date.parse('2024-01-01T00:00:00Z');
    for (let run = 0; run < 300; run++) {
      const runSeed = seed;
      const set = Array.from({ length: Math.floor(random() * 60) }, () =>
        flux({
          at: new Date(start + Math.floor(random() * 3 * 365 * 86_400_000)).toISOString(),
          isDebit: random() < 0.6,
          amountTTC: Math.floor(random() * 10_000_000),
          ...settlement(random),
        }),
      );
      const statement = buildAccountStatement(set, SEASON, '2026-03-01');
      const debits = statement.lines.reduce((sum, line) => sum + (line.debit ?? 0), 0);
      const credits = statement.lines.reduce((sum, line) => sum + (line.credit ?? 0), 0);
      const context = `seed ${runSeed}`;
      expect(statement.closingBalance, context).toBe(statement.openingBalance + debits - credits);
      expect(statement.lines.at(-1)?.balance ?? statement.openingBalance, context).toBe(statement.closingBalance);
      expect(Number.isInteger(statement.closingBalance), context).toBe(true);
      // The closing balance is what is still owed at the period's end: each flux created by then
      // and not settled by then, counted exactly once (relaunches: the next property test).
      const signed = (item: AccountFlux) => (item.isDebit ? item.amountTTC : -item.amountTTC);
      const owedAtEnd = set.filter(
        (item) =>
          item.createdAt.getTime() < Date.parse('2026-08-31T22:00:00Z') &&
          !(item.settled && (item.settledOn ?? '0000-00-00') <= '2026-08-31'),
      );
      expect(statement.closingBalance, context).toBe(owedAtEnd.reduce((sum, item) => sum + signed(item), 0));
    }
  });
});

describe('account statement from parts: only the flux before the period still owed at its start read', () => {
  it('property: equals the statement built from every flux (seeded random flux sets, returns and relaunches included)', () => {
    let seed = 31_2026;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const start = Date.parse('2024-01-01T00:00:00Z');
    for (let run = 0; run < 200; run++) {
      const runSeed = seed;
      const set = Array.from({ length: Math.floor(random() * 80) }, () =>
        flux({
          at: new Date(start + Math.floor(random() * 3 * 365 * 86_400_000)).toISOString(),
          isDebit: random() < 0.7,
          amountTTC: Math.floor(random() * 1_000_000),
          ...settlement(random),
          ...(random() < 0.1
            ? { relaunchedBy: 1, relaunchedAt: new Date(start + Math.floor(random() * 3 * 365 * 86_400_000)) }
            : {}),
          dueDate: random() < 0.5 ? '2025-10-15' : null,
          bankReturn: random() < 0.15 ? { type: 'rejet', reasonCode: 'AM04', date: '2025-10-20' } : null,
        }),
      );
      const whole = buildAccountStatement(set, SEASON, '2026-03-01');
      const before = (item: AccountFlux) => item.createdAt.getTime() < Date.parse('2025-08-31T22:00:00Z');
      const inPeriod = (item: AccountFlux) =>
        !before(item) && item.createdAt.getTime() < Date.parse('2026-08-31T22:00:00Z');
      // As the database gives them: unsorted, the earlier ones filtered like SQL does.
      const parts = {
        periodFlux: set.filter(inPeriod).reverse(),
        earlierOpenFlux: set.filter((item) => before(item) && isOpenAtStartOf(item, SEASON.from)),
      };
      expect(buildAccountStatementFromParts(parts, SEASON, '2026-03-01'), `seed ${runSeed}`).toEqual(whole);
    }
  });
});

describe('account statement: ageing of overdue flux (Europe/Paris calendar days)', () => {
  it.each([
    [1, '0-30'],
    [30, '0-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
  ] as const)('%i days late is in bucket %s', (days, bucket) => {
    expect(ageingBucket(days)).toBe(bucket);
    const due = '2026-01-10';
    const asOf = new Date(Date.parse(`${due}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const [item] = overdueFlux([flux({ at: '2025-12-01T10:00:00+01:00', dueDate: due })], asOf).flux;
    expect(item).toMatchObject({ daysLate: days, bucket });
  });

  it('a flux on its due day is not overdue yet', () => {
    expect(overdueFlux([flux({ at: '2025-12-01T10:00:00+01:00', dueDate: '2026-01-10' })], '2026-01-10').flux).toEqual(
      [],
    );
  });

  it('counts calendar days across the DST changes (a 23-hour and a 25-hour day are one day each)', () => {
    // Spring forward on 2026-03-29, fall back on 2026-10-25.
    expect(calendarDaysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(calendarDaysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(calendarDaysBetween('2026-02-27', '2026-03-29')).toBe(30);
    const spring = overdueFlux([flux({ at: '2026-01-01T10:00:00+01:00', dueDate: '2026-02-27' })], '2026-03-30');
    expect(spring.flux[0]).toMatchObject({ daysLate: 31, bucket: '31-60' });
    const autumn = overdueFlux([flux({ at: '2026-07-01T10:00:00+02:00', dueDate: '2026-09-25' })], '2026-10-25');
    expect(autumn.flux[0]).toMatchObject({ daysLate: 30, bucket: '0-30' });
  });

  it(`without DateEcheance, due ${DEFAULT_PAYMENT_TERM_DAYS} days after the Paris creation day`, () => {
    // 23:30 UTC on 31 March is 1 April in Paris (summer time).
    expect(effectiveDueDate({ createdAt: new Date('2026-03-31T23:30:00Z'), dueDate: null })).toBe('2026-05-01');
    expect(effectiveDueDate({ createdAt: new Date('2026-03-31T23:30:00Z'), dueDate: '2026-04-15' })).toBe('2026-04-15');
  });

  it('counts unpaid and rejected debits only: not paid, relaunched or credit flux', () => {
    const at = '2025-10-01T10:00:00+02:00';
    const dueDate = '2025-10-15';
    const bankReturn = { type: 'rejet' as const, reasonCode: 'AM04', date: '2025-10-20' };
    const result = overdueFlux(
      [
        flux({ at, dueDate, amountTTC: 100 }),
        flux({ at, dueDate, amountTTC: 200, bankReturn }),
        flux({ at, dueDate, amountTTC: 400, settled: true }),
        flux({ at, dueDate, amountTTC: 800, relaunchedBy: 99 }),
        flux({ at, dueDate, amountTTC: 1600, isDebit: false }),
      ],
      '2026-02-01',
    );
    expect(result.flux.map((item) => [item.amount, item.status])).toEqual([
      [100, 'impaye'],
      [200, 'rejete'],
    ]);
    expect(result.total).toBe(300);
    expect(result.buckets['90+']).toEqual({ count: 2, amount: 300 });
    expect(result.buckets['0-30']).toEqual({ count: 0, amount: 0 });
  });
});

describe('account statement: rejected direct debits', () => {
  it('lists returned debits still rejected, with the French label of their reason', () => {
    const bankReturn = { type: 'retour' as const, reasonCode: 'AM04', date: '2025-10-20' };
    const list = rejectedDebits([
      flux({ at: '2025-10-01T10:00:00+02:00', bankReturn }),
      flux({ at: '2025-10-01T10:00:00+02:00', bankReturn, settled: true }),
      flux({ at: '2025-10-01T10:00:00+02:00', bankReturn: { ...bankReturn, reasonCode: null } }),
    ]);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ returnType: 'retour', reasonCode: 'AM04', returnDate: '2025-10-20' });
    expect(list[0]?.reason).toMatch(/provision/i);
    expect(list[1]?.reason).toBe('Motif non communiqué par la banque');
  });
});

describe('account statement request', () => {
  it('accepts an inclusive period and defaults the format to json', () => {
    expect(accountStatementQuerySchema.parse({ du: '2025-09-01', au: '2026-08-31' })).toMatchObject({
      format: 'json',
      download: false,
    });
  });

  it.each([
    [{ du: '2025-02-30' }, 'date inexistante'],
    [{ au: '01/09/2025' }, 'AAAA-MM-JJ'],
    [{ du: '2026-01-02', au: '2026-01-01' }, 'doit précéder'],
    [{ du: '2015-01-01', au: '2026-01-01' }, 'cinq ans'],
    [{ format: 'csv' }, 'json, pdf ou xlsx'],
  ])('refuses %o', (query, message) => {
    const result = accountStatementQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(' ')).toContain(message);
  });
});
