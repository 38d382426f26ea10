import type { Database } from '../../db/database';
import { validationFailed } from '../errors';
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
 * With `estimateOnly: true` nothing is ever counted: the answer is the limit when the
 * planner expects far more, else `aggregate: null` (the search page sends it with its
 * first page, and asks the count only when neither the page nor the planner settled it).
 */

/**
 * How many times the cap the estimate must reach (an object so the estimate bench can try
 * others). On the varied-search mix (2,000,000 flux)
 * estimates are off by up to ~3x either way on name and label searches; at 5x no search
 * under the cap was answered "more" (bench/RESULTS.md, count-estimate section).
 */
export const COUNT_ESTIMATE = { margin: 5 };

export interface CountEstimate {
  /** EXPLAIN (FORMAT JSON) of the rows the count would read, without its limit. */
  text: string;
  params: unknown[];
  wordLookups: readonly Lookup[];
  limit: number;
  /** The field's JSON with count = limit. */
  json: string;
  /** `estimateOnly`: the field's JSON when the planner does not settle it (nothing counted); else null. */
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

/** Whether the planner expects so many rows that the count may answer its limit unread. */
export async function plannerExpectsMore(database: Database, estimate: CountEstimate, params: unknown[]) {
  const [row] = await database.query<{ 'QUERY PLAN': unknown }>(estimate.text, params, { read: true });
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Plan Rows': number } }>;
  return (parsed[0]?.Plan['Plan Rows'] ?? 0) >= Math.max(1, estimate.limit) * COUNT_ESTIMATE.margin;
}
