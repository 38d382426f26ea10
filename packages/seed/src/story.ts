import { centsToDecimal, sepaEndToEndId, StructureType } from '@gdf/domain';
import { Category, DAY_MS, isoDay, timestamp, type CategoryId, type Season } from './catalog';
import { csvRow } from './csv';
import type { FluxDraft } from './flux-lines';
import type { PlannedStructure, StructurePlan } from './plan-types';
import { Rng } from './random';
import { SepaCalendar, type SeededBatch } from './sepa-calendar';
import { batchLoads } from './story-loads';
import type { TableLoad } from './write-reference';

/**
 * How the demo's flux were settled, so the data tells a believable story: what is past was
 * paid (licences and affiliations online the same day or so, invoices by transfer around their
 * due day, direct debits by their monthly SEPA batch on its collection day, R-SEPA-11), each
 * with its settlement day (DateReglement, R-FLUX-09); a few debits came back from the bank
 * (MKP_RetourPrelevement) and were relaunched (R-FLUX-05) or paid by transfer; a handful of
 * structures pay late (weeks or months, never years); and the bank's last days are not
 * imported yet: the transfers and the last batch's credit they hold are the demo's sample
 * bank files (demo-bank-files.ts), so those flux are still open.
 */

/** What the bank's last days hold, for the sample statement and return report. */
export interface BankPending {
  /** The sample statement's first and last days (ISO), the day before today at the latest. */
  from: string;
  to: string;
  /** The last SEPA batch when collected within the statement (its debits still open). */
  batch: { id: number; collectionDay: string } | null;
  /** Invoices paid by transfer within the statement, still open in the database. */
  transfers: { fluxId: number; day: string }[];
}

export interface SlotFacts {
  id: number;
  day: number;
  category: CategoryId;
  structure: PlannedStructure;
  cents: number;
  draft: FluxDraft;
  relaunchCopy: boolean;
  /** Slots after this one in its season. */
  slotsLeft: number;
  /** The id of the first slot of the season dated on or after `day`. */
  slotOfDay: (day: number) => number;
  lastSlotId: number;
}

export interface Fate {
  /** Day numbers, -1 when none. */
  dueDay: number;
  settledDay: number;
  /** MKP_Traitement id, 0 when none. */
  batchId: number;
  /** The relaunch copy's id (ID_FluxFinancierRelance), 0 when none. */
  relaunchId: number;
}

interface Relaunch {
  structure: PlannedStructure;
  draft: FluxDraft;
}

/** Bank reason codes of the seeded returns (R-RET-02), most often insufficient funds. */
const REASONS = ['AM04', 'AM04', 'AM04', 'AM04', 'MS03', 'AC04', 'MD01', 'MS02'] as const;
/** Days of bank movements the sample statement holds (up to yesterday). */
const STATEMENT_DAYS = 10;
/** Share of member structures that pay late, and how far back (days) their debt goes. */
const LATE_SHARE = 0.015;
const LATE_AT_LEAST = 2;
const LATE_DAYS = { min: 25, max: 150, demoClub: 100 } as const;

export class FluxStory {
  readonly calendar: SepaCalendar;
  private readonly rng: Rng;
  private readonly todayDay: number;
  private readonly statementFrom: number;
  /** Per structure index: the first day of its unpaid debt (late payers), else +inf. */
  private readonly lateFrom: Float64Array;
  /** Per structure index: 1 once the bank rejected one of its debits in its late period. */
  private readonly rejected: Uint8Array;
  private readonly relaunches = new Map<number, Relaunch>();
  private readonly returnRows: string[] = [];
  private readonly returnsByBatch = new Map<number, number>();
  private readonly batchFlux: Int32Array;
  private readonly batchCents: Float64Array;
  readonly transfers: BankPending['transfers'] = [];
  relaunched = 0;

  constructor(seasons: readonly Season[], plan: StructurePlan, seed: number) {
    this.rng = new Rng(seed, 'settlement');
    const first = Math.floor((seasons[0] as Season).startMs / DAY_MS);
    this.todayDay = Math.floor((seasons.at(-1) as Season).endMs / DAY_MS);
    this.statementFrom = this.todayDay - STATEMENT_DAYS;
    this.calendar = new SepaCalendar(first, this.todayDay);
    this.batchFlux = new Int32Array(this.calendar.batches.length + 1);
    this.batchCents = new Float64Array(this.calendar.batches.length + 1);
    this.lateFrom = new Float64Array(plan.all.length).fill(Number.POSITIVE_INFINITY);
    this.rejected = new Uint8Array(plan.all.length);
    const late = new Rng(seed, 'late-payers');
    const members = plan.all.filter(
      (s) =>
        (s.type === StructureType.Club ||
          s.type === StructureType.Section ||
          s.type === StructureType.EtablissementAgree) &&
        (s.rib === 'valid' || s.rib === 'no_bic') &&
        s !== plan.demo.club,
    );
    const chosen = members.filter(() => late.chance(LATE_SHARE));
    for (const s of chosen) this.lateFrom[s.index] = this.todayDay - late.int(LATE_DAYS.min, LATE_DAYS.max);
    // Small seeds too show late payers: the biggest members then, owing for months, whose debt shows.
    for (const s of [...members].sort((a, b) => b.weight - a.weight)) {
      if (chosen.length >= LATE_AT_LEAST) break;
      if (chosen.includes(s)) continue;
      chosen.push(s);
      this.lateFrom[s.index] = this.todayDay - LATE_DAYS.max;
    }
    this.lateFrom[plan.demo.club.index] = this.todayDay - LATE_DAYS.demoClub;
  }

  /** The relaunch copy reserved for slot `id`, if any (its draft is the rejected debit's). */
  takeRelaunch(id: number): Relaunch | undefined {
    const copy = this.relaunches.get(id);
    if (copy) this.relaunches.delete(id);
    return copy;
  }

  /** How the flux of this slot was settled; reserves a later slot for the copy of a relaunched debit. */
  settle(f: SlotFacts): Fate {
    const fate: Fate = { dueDay: -1, settledDay: -1, batchId: 0, relaunchId: 0 };
    const late = f.day >= (this.lateFrom[f.structure.index] as number);
    const yesterday = this.todayDay - 1;
    const r = this.rng;
    switch (f.category) {
      case Category.Prelevement:
        this.settleDebit(f, fate, late);
        break;
      case Category.Facture: {
        fate.dueDay = f.day + 30;
        if (late) break;
        const paid = f.day + r.int(5, 38);
        if (paid > yesterday) break;
        if (paid >= this.statementFrom) this.transfers.push({ fluxId: f.id, day: isoDay(paid) });
        else fate.settledDay = paid;
        break;
      }
      case Category.Remboursement: {
        const paid = f.day + r.int(3, 25);
        if (paid <= yesterday) fate.settledDay = paid;
        break;
      }
      case Category.Affiliation:
        fate.settledDay = f.day; // paid by card (R-FLUX-04)
        break;
      default: {
        const paid = f.day + r.int(0, 2);
        if (paid <= yesterday) fate.settledDay = paid;
      }
    }
    return fate;
  }

  /** A direct debit: collected by its monthly batch, or returned by the bank (R-SEPA-11, R-FLUX-05). */
  private settleDebit(f: SlotFacts, fate: Fate, late: boolean): void {
    if (f.relaunchCopy) fate.dueDay = f.day; // the app dates a relaunch's due day its own day
    // Once the bank rejected a late payer's debit, its later debits and the relaunch are
    // held back from the batches (still to collect: the SEPA page offers them).
    const held = late && (f.relaunchCopy || this.rejected[f.structure.index] === 1);
    const batch = held ? null : this.calendar.batchFor(f.day);
    if (!batch) return;
    fate.batchId = batch.id;
    if (!f.relaunchCopy) fate.dueDay = batch.collectionDay; // the day its notice announced
    this.batchFlux[batch.id] = (this.batchFlux[batch.id] as number) + 1;
    this.batchCents[batch.id] = (this.batchCents[batch.id] as number) + f.cents;
    // The last batch's debits wait for its statement and return report (the sample files).
    if (batch.collectionDay > this.todayDay - 1 || batch === this.calendar.last) return;
    if (!this.rng.chance(late ? 0.7 : 0.02)) {
      fate.settledDay = batch.collectionDay;
      return;
    }
    this.recordReturn(f, batch);
    if (late) this.rejected[f.structure.index] = 1;
    this.relaunchOrPay(f, fate, batch, late);
  }

  /** A returned debit: relaunched in a later slot of its season, else paid by transfer (unless late or recent). */
  private relaunchOrPay(f: SlotFacts, fate: Fate, batch: SeededBatch, late: boolean): void {
    const yesterday = this.todayDay - 1;
    const r = this.rng;
    const relaunchDay = batch.collectionDay + r.int(2, 8);
    const copyDay = relaunchDay + 30;
    const slot = copyDay <= yesterday ? this.freeSlot(f.slotOfDay(copyDay), f.id, f.lastSlotId) : 0;
    if (slot > 0) {
      fate.relaunchId = slot;
      this.relaunched++;
      this.relaunches.set(slot, { structure: f.structure, draft: f.draft });
    } else if (!late) {
      // Not relaunched in its season: the structure paid it by transfer, unless it is recent.
      const paid = batch.collectionDay + r.int(8, 20);
      if (paid <= yesterday && paid < this.statementFrom) fate.settledDay = paid;
    }
  }

  private freeSlot(from: number, after: number, last: number): number {
    for (let id = Math.max(from, after + 1); id <= last; id++) if (!this.relaunches.has(id)) return id;
    return 0;
  }

  private recordReturn(f: SlotFacts, batch: SeededBatch): void {
    let importId = this.returnsByBatch.get(batch.id);
    if (importId === undefined) {
      importId = this.returnsByBatch.size + 1;
      this.returnsByBatch.set(batch.id, importId);
    }
    const code = REASONS[this.rng.int(0, REASONS.length - 1)] as string;
    this.returnRows.push(
      csvRow([
        this.returnRows.length + 1,
        f.id,
        importId,
        'rejet',
        code,
        isoDay(batch.collectionDay),
        centsToDecimal(f.cents),
        sepaEndToEndId(batch.id, f.id),
        timestamp(batch.collectionDay + 1, 9 * 3600),
      ]),
    );
  }

  /** What the sample bank files hold (the bank's last days, not imported yet). */
  bankPending(): BankPending {
    const last = this.calendar.last;
    const inStatement = last && last.collectionDay >= this.statementFrom && last.collectionDay < this.todayDay;
    return {
      from: isoDay(this.statementFrom),
      to: isoDay(this.todayDay - 1),
      batch: inStatement ? { id: last.id, collectionDay: isoDay(last.collectionDay) } : null,
      transfers: this.transfers,
    };
  }

  /**
   * The batches (MKP_Traitement) and the audit row of each, then the bank's return reports and
   * their returns (story-loads.ts). Loaded after the flux (their counts are known then).
   */
  loads(headOfficeId: number): TableLoad[] {
    return batchLoads(headOfficeId, {
      batches: this.calendar.batches,
      batchFlux: this.batchFlux,
      batchCents: this.batchCents,
      returnsByBatch: this.returnsByBatch,
      returnRows: this.returnRows,
    });
  }
}
