import type { Database } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import type { BooksOwner } from './books';
import { ensureFiscalYears, listFiscalYears, lockBooks, type FiscalYearRow } from './fiscal-years.repository';

export type { FiscalYearRow };

/**
 * The books' fiscal years, drawn up to `today`, read under the books' lock (held until `tx`
 * ends): what validates entries or writes a file never sees a validation half done.
 */
export async function lockedFiscalYears(tx: Queryable, owner: BooksOwner, today: string): Promise<FiscalYearRow[]> {
  await lockBooks(tx, owner.structureId);
  await ensureFiscalYears(tx, owner, today);
  return listFiscalYears(tx, owner.structureId);
}

/** A structure's fiscal years as stored, oldest first. */
export function fiscalYearsOf(database: Pick<Database, 'query'>, structureId: number): Promise<FiscalYearRow[]> {
  return listFiscalYears(database, structureId);
}
