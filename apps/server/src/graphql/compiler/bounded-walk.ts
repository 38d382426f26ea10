import type { TableName } from '../metadata/tables';
import { isWordContainsPattern, wordTableOf } from './word-search';

/**
 * A page of a "label contains a word" search, read so that it stops early (R-SEARCH-13, R-PERF-03).
 *
 * The planner walks the date index newest first and filters each row by the label's
 * words, expecting the matches spread evenly. Month words ('octobre', 'décembre') sit in
 * the labels of flux created that month: the walk then reads most of a season before it
 * finds 30 (500-900 ms on 2,000,000 flux), while sorting the few thousand matches found
 * through the words' GIN index takes 10-70 ms. Neither plan wins for every word, and the
 * statistics cannot tell which words cluster in time. So the page reads both ways, in
 * one statement:
 *  - first the WALK_ROWS newest rows of the search without its label words (the other
 *    filters and the scope still apply, through their indexes), keeping those whose label
 *    matches: enough of them (limit + offset) and that is the page;
 *  - otherwise every matching row, the planner choosing how (the GIN index for a word of
 *    a few thousand flux), sorted: the `OFFSET 0` keeps it from walking the date index.
 * On the varied-search mix (R-PERF-03), page statements of the label kinds: label alone p95 78 -> 66 ms,
 * worst 834 -> 214 ms; season + label p95 163 -> 12 ms, worst 730 -> 53 ms
 * (bench/RESULTS.md). Other searches, and pages past WALK_MAX_PAGE_END, are unchanged.
 */

/** Rows the walk reads at most (~2 ms) before it gives way to the sorted matches. */
export const WALK_ROWS = 2_000;
/** Deeper pages (limit + offset) are read as any other list. */
export const WALK_MAX_PAGE_END = 300;

/**
 * The where without its top-level "label contains a word" conjuncts (a wider filter:
 * every row of the where passes it), or null when it holds none.
 */
export function withoutWordConjuncts(table: TableName, where: unknown): unknown {
  if (!isObject(where)) return null;
  let removed = false;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(where)) {
    if (key === '_and' && Array.isArray(value)) {
      const items = value.map((item) => withoutWordConjuncts(table, item));
      if (items.some((item) => item !== null)) removed = true;
      kept._and = items.map((item, i) => item ?? value[i]);
    } else if (isWordContains(table, key, value)) {
      removed = true;
    } else {
      kept[key] = value;
    }
  }
  return removed ? kept : null;
}

function isWordContains(table: TableName, column: string, value: unknown): boolean {
  if (!wordTableOf(table, column) || !isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && typeof value._ilike === 'string' && isWordContainsPattern(value._ilike);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The FROM ... ORDER BY ... LIMIT ... tail of the bounded walk (see above). */
export function boundedWalkTail(parts: {
  table: string;
  alias: string;
  /** The full where, and the wider one without the label's words. */
  where: string;
  walkWhere: string;
  orderBy: string;
  limit: string;
  offset: string | null;
  /** limit + offset, a parameter. */
  end: string;
  walkRows: string;
}): string {
  const { table, alias: a, where, walkWhere, orderBy, end } = parts;
  const near = `SELECT * FROM (SELECT * FROM ${table} ${a} WHERE ${walkWhere} ORDER BY ${orderBy} LIMIT ${parts.walkRows}) ${a} WHERE ${where} ORDER BY ${orderBy} LIMIT ${end}`;
  const all = `SELECT * FROM (SELECT * FROM ${table} ${a} WHERE ${where} OFFSET 0) ${a} WHERE (SELECT count(*) FROM near) < ${end}`;
  return [
    `FROM (WITH near AS MATERIALIZED (${near}) SELECT * FROM near WHERE (SELECT count(*) FROM near) >= ${end} UNION ALL ${all}) ${a}`,
    `ORDER BY ${orderBy}`,
    `LIMIT ${parts.limit}`,
    parts.offset ? `OFFSET ${parts.offset}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
