import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { tableRowBound } from './table-bounds';

/** ADR 0008: a list without a limit on a small table costs what the table holds. */
describe('tableRowBound', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  });
  afterAll(async () => database.close());

  it('reads the bounds at the first call, even in a process younger than the reuse delay', async () => {
    // performance.now() counts from the process start: a server asked within its first seconds.
    const now = vi.spyOn(performance, 'now').mockReturnValue(2_000);
    try {
      const bound = await tableRowBound(database);
      expect(bound('FEDE_Saison')).toBe(0);
      expect(bound('STR_Structure')).toBe(0);
    } finally {
      now.mockRestore();
    }
  });
});
