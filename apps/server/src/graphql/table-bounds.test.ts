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

  it('is read again once 10 s have passed, not before: a table that grew is costed by its new bound', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000_000);
    try {
      expect((await tableRowBound(database))('FEDE_Saison')).toBe(0);
      await database.query(
        `INSERT INTO "FEDE_Saison" (id, "NomSaison", "NomSaisonShort", "DateDebut", "DateFin", "EST_SaisonCourante")
         VALUES (7, '2031-2032', '31-32', '2031-09-01', '2032-08-31', false)`,
      );
      now.mockReturnValue(1_010_000);
      expect((await tableRowBound(database))('FEDE_Saison')).toBe(0);
      now.mockReturnValue(1_010_001);
      expect((await tableRowBound(database))('FEDE_Saison')).toBe(7);
    } finally {
      now.mockRestore();
    }
  });
});
