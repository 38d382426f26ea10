import type { RequestScope } from '../../modules/scope/scope';
import { MAX_SQL_PARAMETERS, TOO_MANY_PARAMETERS_MESSAGE } from '../../db/database-errors';
import { GraphqlApiError } from '../errors';
import { columnVisibility, scopeCondition } from '../metadata/scope-rules';
import { ident, type TableName } from '../metadata/tables';
import type { Lookup } from './word-search';

/** Casts of parameters per GraphQL scalar, so both engines infer the same types. */
export const SQL_CASTS = {
  Int: 'integer',
  String: 'text',
  Boolean: 'boolean',
  numeric: 'numeric',
  timestamptz: 'timestamptz',
  date: 'date',
  Float: 'float8',
  StringList: 'text[]',
  IntList: 'integer[]',
} as const;

/**
 * Collects the parameters of one SQL statement: every value becomes `$n::type`, table
 * aliases are generated (t0, t1...), never taken from the request.
 */
export class SqlBuilder {
  readonly params: unknown[] = [];
  private aliases = 0;
  whereNodes = 0;
  /**
   * Whether the best plan depends on the values (a text pattern, a filter on a related
   * table): such statements are planned for their values each time, never prepared.
   */
  planSensitive = false;
  /** Word and key lookups to run just before the statement (word-search.ts, key-lookup.ts). */
  readonly wordLookups: Lookup[] = [];
  /** Compiles a key lookup itself: its relation filters stay subqueries (key-lookup.ts). */
  insideKeyLookup = false;

  constructor(readonly scope: RequestScope) {}

  param(value: unknown, cast: keyof typeof SQL_CASTS): string {
    return `${this.push(value)}::${SQL_CASTS[cast]}`;
  }

  /** A JSON key (a response key chosen by the caller): a parameter, like any value. */
  key(name: string): string {
    return `${this.push(name)}::text`;
  }

  /** Stops compiling as soon as the statement would carry more parameters than PostgreSQL takes. */
  private push(value: unknown): string {
    if (this.params.length >= MAX_SQL_PARAMETERS)
      throw new GraphqlApiError('validation-failed', TOO_MANY_PARAMETERS_MESSAGE, 400);
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(): string {
    return `t${this.aliases++}`;
  }

  /** The table's scope condition on `alias`, or null when it adds none. */
  scopeOf(table: TableName, alias: string): string | null {
    return scopeCondition(table, alias, this.scope, this.params);
  }

  /** When a column rule hides `column` from the caller: the condition it is readable under. */
  visibilityOf(table: TableName, alias: string, column: string): string | null {
    return columnVisibility(table, column, alias, this.scope, this.params);
  }

  /** The column as the caller may read it (selections, sorts, aggregates): null where hidden. */
  column(table: TableName, alias: string, column: string): string {
    const reference = `${alias}.${ident(column)}`;
    const visible = this.visibilityOf(table, alias, column);
    return visible ? `(CASE WHEN ${visible} THEN ${reference} END)` : reference;
  }
}

/** AND of the non-empty conditions ('TRUE' when there is none). */
export function and(conditions: ReadonlyArray<string | null | undefined>): string {
  const present = conditions.filter((c): c is string => !!c && c !== 'TRUE');
  if (present.length === 0) return 'TRUE';
  return present.map((c) => `(${c})`).join(' AND ');
}

/** PostgreSQL functions take at most 100 arguments: 50 key/value pairs per json_build_object. */
const MAX_PAIRS_PER_OBJECT = 50;

/** A JSON object from `key, value` pairs, however many there are. */
export function jsonObject(pairs: string[]): string {
  if (pairs.length <= MAX_PAIRS_PER_OBJECT) return `json_build_object(${pairs.join(', ')})`;
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += MAX_PAIRS_PER_OBJECT) {
    chunks.push(`jsonb_build_object(${pairs.slice(i, i + MAX_PAIRS_PER_OBJECT).join(', ')})`);
  }
  return `(${chunks.join(' || ')})::json`;
}
