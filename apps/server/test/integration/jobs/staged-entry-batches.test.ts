import { fiscalYearLabel, HEAD_OFFICE_STRUCTURE_ID, parisToday, StructureType } from '@gdf/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database';
import { lockedFiscalYears } from '../../../src/modules/ledger/fiscal-years.service';
import {
  BACKGROUND_ENTRY_BATCH,
  ENTRY_BATCH,
  openBooks,
  stagedEntries,
  stageUnbookedEntries,
  type StageTable,
} from '../../../src/modules/ledger/ledger-entries';
import { testDatabaseTargets } from '../support/databases';
import { seedSmall, TEST_TODAY } from '../support/test-app';

/**
 * R-OPS-14: a validation job reads, builds and writes its entries in smaller batches than the
 * one-transaction validation (each batch holds the event loop while it is built and sent); the
 * batch of a stage table is honoured, and batches of any size give the same entries in the same
 * order (R-LEDG-07's numbering follows the stage, not the batches).
 */
describe.each(testDatabaseTargets())('staged entries read in batches on $name (R-OPS-14)', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
    await seedSmall(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('R-OPS-14: a stage read 7 entries at a time yields at most 7 per batch, the same entries as one batch', async () => {
    expect(BACKGROUND_ENTRY_BATCH).toBeLessThan(ENTRY_BATCH);
    const owner = { structureId: HEAD_OFFICE_STRUCTURE_ID, structureType: StructureType.Federation, userId: null };
    const { small, whole } = await database.transaction(async (tx) => {
      const years = await lockedFiscalYears(tx, owner, parisToday(TEST_TODAY));
      const year = years.find((y) => fiscalYearLabel(y) === '2025-2026')!;
      const books = await openBooks(tx, owner, years);
      const stage: StageTable = { name: 'cpt_essai_lots', keep: false };
      await stageUnbookedEntries(tx, books, year.debut, year.fin, stage);
      const read = async (batch?: number) => {
        const batches: string[][] = [];
        for await (const entries of stagedEntries(tx, books, year.debut, year.fin, undefined, { ...stage, batch })) {
          batches.push(entries.map(({ entry }) => `${entry.journal}:${entry.sequence}:${entry.fluxId}:${entry.date}`));
        }
        return batches;
      };
      return { small: await read(7), whole: await read() };
    });
    expect(whole.flat().length).toBeGreaterThan(14);
    expect(small.length).toBeGreaterThan(2);
    expect(Math.max(...small.map((batch) => batch.length))).toBeLessThanOrEqual(7);
    expect(small.flat()).toEqual(whole.flat());
  });
});
