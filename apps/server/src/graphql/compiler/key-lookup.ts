import type { Database } from '../../db/database';
import { readLookupKeys } from '../graphql-reads.repository';

/**
 * A filter on a related row (a user's name contains 'Ber', a structure's federal code),
 * its keys looked up just before the statement and passed as a constant array.
 *
 * Written as `local IN (SELECT unnest(ARRAY(subquery)))` the keys are computed once, but
 * the planner takes them for 10: right for a rare name, badly wrong for a common one.
 * 'Ber' matches 4,666 users and 48,959 of 2,000,000 flux: the page then sorted all of them
 * (~200 ms) where walking the date index reads ~1,250 rows, and the count's estimate (66
 * rows) could never say "plus de 10 000". As a constant array, the planner estimates the
 * rows from the key's statistics, as it does for the label's words (word-search.ts). The
 * statement carries both forms:
 *   ((use AND local = ANY($keys)) OR (NOT use AND local IN (SELECT unnest(ARRAY(...)))))
 * and, planned with its values (a relation filter is never prepared), keeps the one `use`
 * selects; `use` stays false when more than KEY_LOOKUP.maxKeys keys match (or nobody
 * looked them up).
 */

/** Beyond this many keys, the subquery form (one array built inside the statement); an object so tests can lower it. */
export const KEY_LOOKUP = { maxKeys: 10_000 };

export interface KeyLookup {
  /** SELECT of the matching keys, with its own parameters, capped at KEY_LOOKUP.maxKeys + 1 rows. */
  keysText: string;
  keysParams: unknown[];
  /** Positions in the statement's parameters (0-based). */
  useIndex: number;
  keysIndex: number;
}

/** The matching keys, or null when there are too many to pass. */
export async function matchingKeys(database: Database, lookup: KeyLookup): Promise<unknown[] | null> {
  const keys = await readLookupKeys(database, lookup.keysText, lookup.keysParams);
  return keys.length > KEY_LOOKUP.maxKeys ? null : keys;
}
