import {
  earnedShares,
  fixLevels,
  fullShares,
  parisToday,
  resteDuByFlux,
  ruleInForce,
  shareBase,
  shareMovement,
  SHARE_LEVELS,
  type ShareLevel,
  type ShareLine,
  type ShareRule,
} from '@gdf/domain';
import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { loadSales, salesOf, type SaleFacts } from './sale-facts.repository';
import {
  claimMarked,
  loadRecorded,
  loadShareRules,
  lockSharesSync,
  writeShares,
  type RecordedShares,
  type ShareRuleRow,
  type SharesWrite,
} from './shares.repository';

/** Sales brought up to date per transaction: a bounded lock time, a few statements each. */
const BATCH = 2_000;

/**
 * R-PAY-04: brings the marked sales' shares up to date, batch by batch, until none is marked.
 * Each batch is one transaction: the marks it takes, the movements and states it writes, so a
 * crash leaves the marks for the next run. A movement is dated the Paris day its sale was first
 * marked (the write that changed it), however late the sync runs. Returns how many sales moved.
 */
export async function syncShares(database: Pick<Database, 'transaction'>, today = parisToday()): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await database.transaction((tx) => syncBatch(tx, today));
    if (batch === null) return moved;
    moved += batch;
  }
}

/**
 * The same inside the caller's transaction (a payout file): a refusal that rolls it back
 * rolls the shares' update back with it, and the marks stay for the next run.
 */
export async function syncSharesIn(tx: Queryable, today = parisToday()): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await syncBatch(tx, today);
    if (batch === null) return moved;
    moved += batch;
  }
}

/** One batch of marks taken and their sales brought up to date; null when none is left. */
async function syncBatch(tx: Queryable, today: string): Promise<number | null> {
  await lockSharesSync(tx);
  const marks = await claimMarked(tx, BATCH);
  if (marks.length === 0) return null;
  const markedOn = new Map(marks.map((mark) => [mark.id, parisToday(new Date(mark.markedAt))]));
  const days = new Map<number, string>();
  for (const { sale, marked } of await salesOf(tx, [...markedOn.keys()])) {
    const day = markedOn.get(marked) ?? today;
    const known = days.get(sale);
    if (!known || day < known) days.set(sale, day);
  }
  return syncSales(tx, days, today);
}

/**
 * The sales given (each with the day its movement is dated), brought up to date in `tx` with
 * the facts as they are `today`; returns how many moved.
 */
async function syncSales(tx: Queryable, days: ReadonlyMap<number, string>, today: string): Promise<number> {
  const saleIds = [...days.keys()];
  if (saleIds.length === 0) return 0;
  // One client, one query at a time (the transaction's connection).
  const recorded = await loadRecorded(tx, saleIds);
  const sales = await loadSales(tx, saleIds);
  const rules = await loadShareRules(tx);
  const writes: SharesWrite[] = [];
  for (const sale of sales) {
    const write = saleWrite(sale, recorded.get(sale.id), rules, today);
    if (write) writes.push({ ...write, day: days.get(sale.id) ?? today });
  }
  await writeShares(tx, writes);
  return writes.length;
}

/** R-PAY-03, R-PAY-04: the state a sale should now have and the movement to it, or null. */
function saleWrite(
  sale: SaleFacts,
  before: RecordedShares | undefined,
  rules: readonly ShareRuleRow[],
  today: string,
): Omit<SharesWrite, 'day'> | null {
  const reste = resteDuByFlux(sale.flux, today);
  const owedCents = sale.flux.reduce(
    (total, flux) => total + (flux.isDebit ? Math.max(0, reste.get(flux.id) ?? 0) : 0),
    0,
  );
  const base = sale.isDebit
    ? shareBase({ amountCents: sale.amountCents, avoirsCents: sale.avoirsCents, owedCents })
    : 0;
  // Nothing kept and nothing recorded: the sale has not started earning; its rules stay open.
  if (!before && base === 0) return null;
  const now = firstState(sale, rules);
  const frozen = before ? refixed(before, now) : now;
  const full = { ligue: frozen.fullLigue, comite: frozen.fullComite };
  const target = { base, ...earnedShares(full, sale.amountCents, base) };
  const movement = shareMovement(frozen, target);
  const newlyFixed =
    before !== undefined && (frozen.ligueFixed !== before.ligueFixed || frozen.comiteFixed !== before.comiteFixed);
  if (!movement && !newlyFixed) return null;
  return { state: { ...frozen, ...target }, movement };
}

/** R-PAY-04: what was recorded, with each level no rule had fixed taking what the rules give now. */
function refixed(before: RecordedShares, now: RecordedShares): RecordedShares {
  if (before.ligueFixed && before.comiteFixed) return before;
  const levels = fixLevels(
    {
      ligue: { full: before.fullLigue, fixed: before.ligueFixed },
      comite: { full: before.fullComite, fixed: before.comiteFixed },
    },
    // The payees stay the ones recorded at the first movement; a level without one is fixed at nothing.
    {
      ligue: before.ligueId === null ? { full: 0, fixed: true } : { full: now.fullLigue, fixed: now.ligueFixed },
      comite: before.comiteId === null ? { full: 0, fixed: true } : { full: now.fullComite, fixed: now.comiteFixed },
    },
  );
  return {
    ...before,
    fullLigue: levels.ligue.full,
    ligueFixed: levels.ligue.fixed,
    fullComite: levels.comite.full,
    comiteFixed: levels.comite.fixed,
  };
}

/** R-PAY-04: the shares wholly paid and the payees as the rules give them now, each level fixed if a rule reached it. */
function firstState(sale: SaleFacts, rules: readonly ShareRuleRow[]): RecordedShares {
  const lines: ShareLine[] = (
    sale.lines.length > 0 ? sale.lines : [{ amountCents: sale.amountCents, quantity: 1, tarifId: null }]
  ).map((line) => ({
    amountCents: line.amountCents,
    quantity: line.quantity,
    rules: lineRules(sale, line.tarifId, rules),
  }));
  const full = fullShares(sale.amountCents, lines);
  const reached = (level: ShareLevel) => lines.some((line) => line.rules[level] !== undefined);
  return {
    saleId: sale.id,
    ligueId: sale.ligueId,
    comiteId: sale.comiteId,
    // A level without a payee earns nothing: the federation keeps it (R-PAY-04).
    fullLigue: sale.ligueId === null ? 0 : full.ligue,
    fullComite: sale.comiteId === null ? 0 : full.comite,
    ligueFixed: sale.ligueId === null || reached('ligue'),
    comiteFixed: sale.comiteId === null || reached('comite'),
    base: 0,
    ligue: 0,
    comite: 0,
  };
}

/** R-PAY-01: per level, the tarif's rule in force for the sale's season, else its category's. */
function lineRules(sale: SaleFacts, tarifId: number | null, rules: readonly ShareRuleRow[]) {
  const forTarif = tarifId === null ? [] : rules.filter((rule) => rule.tarifId === tarifId);
  const forCategory = rules.filter((rule) => rule.categoryId === sale.categoryId);
  const chosen: Partial<Record<ShareLevel, ShareRule>> = {};
  for (const level of SHARE_LEVELS) {
    const rule = ruleInForce(forTarif, level, sale.seasonId) ?? ruleInForce(forCategory, level, sale.seasonId);
    if (rule) chosen[level] = rule;
  }
  return chosen;
}
