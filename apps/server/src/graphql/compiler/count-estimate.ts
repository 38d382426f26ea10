import type { Database } from '../../db/database';
import { validationFailed } from '../errors';
import { explainRead } from '../graphql-reads.repository';
import type { TableName } from '../metadata/tables';
import { estimateScopeCondition } from '../metadata/scope-rules';
import { rowSource, type ListArgs } from './row-source';
import type { FieldSelection } from './selection';
import { SqlBuilder } from './sql-builder';
import type { Lookup } from './word-search';

/**
 * `<table>_aggregate(where, limit: n, estimate: true) { aggregate { count } }`: a capped
 * count that first asks the planner. When PostgreSQL expects at least COUNT_ESTIMATE.margin
 * times n matching rows, the count answers n ("plus de 10 000" on the search page)
 * without reading them; otherwise it counts as without `estimate` (at most n rows). The
 * planner's estimate costs a plan (~1 ms); counting 10,001 matching rows costs 5-100 ms.
 * With `estimateOnly: true` nothing large is ever counted: the answer is the limit when the
 * planner expects far more, the count itself when it expects few rows (at most
 * COUNT_ESTIMATE.countUpTo: about a millisecond, less than a second request would cost),
 * else `aggregate: null` (the search page sends it with its first page, and asks the count
 * only when neither the page nor the planner settled it).
 */

/**
 * How many times the cap the estimate must reach (an object so the estimate bench can try
 * others). On the varied-search mix (2,000,000 flux)
 * estimates are off by up to ~3x either way on name and label searches; at 5x no search
 * under the cap was answered "more" (bench/RESULTS.md, count-estimate section).
 */
export const COUNT_ESTIMATE = {
  margin: 5,
  /**
   * With estimateOnly, totals the planner expects at most this many rows are counted with
   * the page. On the varied mix (2,000,000 flux) 257 of the 693 counts the page left to a
   * second request expected at most 1,000 rows, each counted in under a millisecond
   * (season + structure, structure + month), while the second request cost its own round
   * trip, session check, lookups and plans (bench/RESULTS.md).
   */
  countUpTo: 1_000,
};

export interface CountEstimate {
  /** EXPLAIN (FORMAT JSON) of the rows the count would read, without its limit. */
  text: string;
  params: unknown[];
  wordLookups: readonly Lookup[];
  limit: number;
  /** The field's JSON with count = limit. */
  json: string;
  /** `estimateOnly`: the field's JSON when the planner expects neither few nor far more rows; else null. */
  unsettledJson: string | null;
}

/** Validates `estimate: true` (a limit, and only `aggregate { count }`) and compiles the EXPLAIN. */
export function compileCountEstimate(
  table: TableName,
  field: FieldSelection,
  scope: ConstructorParameters<typeof SqlBuilder>[0],
): CountEstimate {
  const limit = field.args.limit;
  if (field.args.estimateOnly === true && field.args.estimate !== true)
    throw validationFailed('estimateOnly demande estimate: true.');
  if (typeof limit !== 'number') throw validationFailed('estimate demande une limite (limit).');
  const [aggregate, ...others] = field.selections;
  const [count, ...otherValues] = aggregate?.selections ?? [];
  const plainCount =
    aggregate?.name === 'aggregate' &&
    count?.name === 'count' &&
    count.args.columns === undefined &&
    count.args.distinct === undefined;
  if (!plainCount || others.length > 0 || otherValues.length > 0)
    throw validationFailed('estimate ne s’applique qu’à aggregate { count }.');
  const b = new EstimateSqlBuilder(scope);
  const args: ListArgs = { where: field.args.where };
  const source = rowSource(table, args, undefined, b, { defaultLimit: null });
  return {
    text: `EXPLAIN (FORMAT JSON) SELECT 1 ${source.tail}`,
    params: b.params,
    wordLookups: b.wordLookups,
    limit,
    json: JSON.stringify({ [aggregate.key]: { [count.key]: limit } }),
    unsettledJson: field.args.estimateOnly === true ? JSON.stringify({ [aggregate.key]: null }) : null,
  };
}

/**
 * The builder of the estimate's EXPLAIN: the flux's structure scope in the form the planner
 * estimates (a federation sees its structures' flux, not a guessed half of them); the
 * same rows as the statement that counts.
 */
class EstimateSqlBuilder extends SqlBuilder {
  override scopeOf(table: TableName, alias: string): string | null {
    return estimateScopeCondition(table, alias, this.scope, this.params);
  }
}

/**
 * What the planner settles without counting: the field's JSON (the limit when it expects far
 * more rows; with estimateOnly, `aggregate: null` when it expects neither few nor far more),
 * or null when the count must run.
 */
export async function answerFromEstimate(
  database: Database,
  estimate: CountEstimate,
  params: unknown[],
): Promise<string | null> {
  const plan = await explainRead(database, estimate.text, params);
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }>;
  const expected = parsed[0]?.Plan['Plan Rows'] ?? 0;
  if (expected >= Math.max(1, estimate.limit) * COUNT_ESTIMATE.margin) return estimate.json;
  if (estimate.unsettledJson !== null && expected > COUNT_ESTIMATE.countUpTo) return estimate.unsettledJson;
  return null;
}
