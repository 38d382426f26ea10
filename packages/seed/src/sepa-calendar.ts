import { earliestDebitDay, nextTargetDay } from '@gdf/domain';
import { DAY_MS, isoDay } from './catalog';

/**
 * The demo's monthly SEPA batches (MKP_Traitement): generated on the same day of each month,
 * each collecting, 7 days later on a TARGET day, the direct debits of the months before that
 * its notice allows (R-SEPA-11: never before the earliest day the invoice announced). The day
 * of the month is chosen from `today` so that the last batch was collected a few days ago: its
 * bank statement and return report are the demo's sample files (demo-bank-files.ts), not yet
 * imported, and its debits are still awaiting them.
 */
export interface SeededBatch {
  /** MKP_Traitement.id, 1, 2, ... in date order. */
  id: number;
  /** Day numbers (days since 1970-01-01). */
  generatedDay: number;
  collectionDay: number;
  /** Last day of the month before the generation month: the latest debit the batch takes. */
  coversUpTo: number;
}

/** Calendar days between a batch's file and its collection (beyond the EPC D-1 lead). */
const LEAD_DAYS = 7;
/** The last batch is generated this many days before today. */
const LAST_BATCH_AGE = 10;

const dayOf = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const utc = (day: number) => new Date(day * DAY_MS);

export class SepaCalendar {
  readonly batches: SeededBatch[] = [];
  /** Per day from `firstDay`: index of the batch collecting a debit created that day, -1 when none yet. */
  private readonly byDay: Int16Array;
  private readonly firstDay: number;

  constructor(firstDay: number, todayDay: number) {
    this.firstDay = firstDay;
    const last = utc(todayDay - LAST_BATCH_AGE);
    const dayOfMonth = Math.min(28, last.getUTCDate());
    const start = utc(firstDay);
    for (let y = start.getUTCFullYear(), m = start.getUTCMonth() + 1; ; m++) {
      const generated = Math.round(Date.UTC(y, m, dayOfMonth) / DAY_MS);
      if (generated > todayDay - LAST_BATCH_AGE) break;
      const collection = dayOf(nextTargetDay(isoDay(generated + LEAD_DAYS)));
      const coversUpTo = Math.round(Date.UTC(y, m, 0) / DAY_MS);
      this.batches.push({
        id: this.batches.length + 1,
        generatedDay: generated,
        collectionDay: collection,
        coversUpTo,
      });
    }
    this.byDay = new Int16Array(todayDay - firstDay + 1).fill(-1);
    let next = 0;
    for (let day = firstDay; day <= todayDay; day++) {
      const earliest = dayOf(earliestDebitDay({ issueDay: isoDay(day), fixedDay: null }));
      while (next < this.batches.length) {
        const batch = this.batches[next] as SeededBatch;
        if (day <= batch.coversUpTo && earliest <= batch.collectionDay) break;
        next++;
      }
      this.byDay[day - firstDay] = next < this.batches.length ? next : -1;
    }
  }

  /** The batch that collects a debit created on `day` (its notice dated that day), or null. */
  batchFor(day: number): SeededBatch | null {
    const index = this.byDay[day - this.firstDay] ?? -1;
    return index < 0 ? null : (this.batches[index] as SeededBatch);
  }

  get last(): SeededBatch | null {
    return this.batches.at(-1) ?? null;
  }
}
