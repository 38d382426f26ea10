import type { Database } from '../../db/database';
import { readMatchingWords } from '../graphql-reads.repository';
import type { TableName } from '../metadata/tables';
import { matchingKeys, type KeyLookup } from './key-lookup';
import type { SqlBuilder } from './sql-builder';

/**
 * "Label contains p" through the label's words instead of its trigrams.
 *
 * The search screen sends `_ilike: '%p%'`. A trigram index answers that by intersecting
 * the posting lists of all of p's trigrams: for a common word ('affiliation': 9 trigrams
 * such as 'ion' and 'ati', shared by most labels) that alone costs 20-80 ms on 2,000,000
 * flux. But when p holds no space and no wildcard, a label contains p exactly when one of
 * its words (lower case, split on spaces) contains p, and PostgreSQL's ILIKE is exactly
 * `lower(text) LIKE lower(pattern)` in a UTF-8 database. So: find the few words that
 * contain p in the small table of distinct words, then ask the GIN index of each label's
 * words for those: one short posting list per word, and exact, not a pre-filter.
 *
 * The words are looked up just before the statement runs (`withWordLookups`) and passed
 * as a constant array, so the planner estimates the rows from the index statistics (a
 * subquery would hide them). The statement carries both forms:
 *   ((use AND words(label) && $words) OR (NOT use AND label ILIKE $pattern))
 * and since these statements are planned with their values (never prepared), the planner
 * keeps only the branch `use` selects. `use` stays false, i.e. a plain ILIKE, when p
 * matches more than MAX_WORDS words (a one-letter search) or if nobody looked the words up.
 */

/** Columns with a word index and the table of their distinct words (migration 0005). */
const WORD_INDEXED: Partial<Record<TableName, Record<string, string>>> = {
  MKP_FluxFinancier: { NomFluxFinancier: 'MKP_FluxLibelleMot' },
};

/** Beyond this many matching words, the trigram index or a scan is the better path. */
export const MAX_WORDS = 64;

/** A word lookup to run before the statement: which parameters it fills. */
interface WordLookup {
  wordTable: string;
  pattern: string;
  /** Positions in the statement's parameters (0-based). */
  useIndex: number;
  wordsIndex: number;
}

/** What runs just before a statement: a label's words, or a related filter's keys (key-lookup.ts). */
export type Lookup = WordLookup | KeyLookup;

/** The word table of `table.column`, or undefined when the column has no word index. */
export function wordTableOf(table: TableName, column: string): string | undefined {
  return WORD_INDEXED[table]?.[column];
}

/**
 * Whether `%p%` can be answered word by word: p is not empty and holds no space (a match
 * would span two words), no `%` or `_` (they could match a space) and no escape character.
 */
export function isWordContainsPattern(pattern: string): boolean {
  return /^%[^%_\\ ]+%$/.test(pattern);
}

/** The SQL of `column ILIKE pattern` for a word-indexed column and a word pattern. */
export function compileWordContains(column: string, wordTable: string, pattern: string, b: SqlBuilder): string {
  const use = b.param(false, 'Boolean');
  const useIndex = b.params.length - 1;
  const words = b.param(null, 'StringList');
  const wordsIndex = b.params.length - 1;
  const plain = b.param(pattern, 'String');
  b.wordLookups.push({ wordTable, pattern, useIndex, wordsIndex });
  // Same expression as the index mkp_flux_saison_mots_idx, or the index is not used.
  const labelWords = `string_to_array(lower(${column}), ' ')`;
  return `((${use} AND ${labelWords} && ${words}) OR (NOT ${use} AND ${column} ILIKE ${plain}))`;
}

/**
 * The statement's parameters with its word lookups done. Words come from a fixed table
 * name (WORD_INDEXED); the pattern is a parameter.
 */
export async function withWordLookups(
  database: Database,
  params: readonly unknown[],
  lookups: readonly Lookup[],
  /** Lookups already made for this request (a page and its count search the same words). */
  shared: Map<string, Promise<unknown[] | null>> = new Map(),
): Promise<unknown[]> {
  const resolved = [...params];
  await Promise.all(
    lookups.map(async (lookup) => {
      const keys = 'keysText' in lookup;
      const key = keys
        ? `${lookup.keysText}\u0000${JSON.stringify(lookup.keysParams)}`
        : `${lookup.wordTable}\u0000${lookup.pattern}`;
      let found = shared.get(key);
      if (!found) shared.set(key, (found = keys ? matchingKeys(database, lookup) : matchingWords(database, lookup)));
      const values = await found;
      if (values === null) return;
      resolved[lookup.useIndex] = true;
      resolved['keysText' in lookup ? lookup.keysIndex : lookup.wordsIndex] = values;
    }),
  );
  return resolved;
}

/** The words containing the pattern's part, or null when there are too many to use. */
async function matchingWords(database: Database, lookup: WordLookup): Promise<string[] | null> {
  const words = await readMatchingWords(database, lookup.wordTable, lookup.pattern, MAX_WORDS + 1);
  return words.length > MAX_WORDS ? null : words;
}
