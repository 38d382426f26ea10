import type { ScalarName } from '../metadata/tables';

/**
 * A column value in the JSON PostgreSQL builds, already in the form the GraphQL scalar
 * serialises it to, so a response assembled from that JSON (execution/direct-path.ts) is the
 * one graphql-js would have produced: timestamps as `toISOString()` (UTC, milliseconds,
 * `Z`), numerics as JSON numbers printed like JavaScript prints them (float8 output is
 * the shortest round-trip form, as `Number.prototype.toString`).
 */
export function jsonScalar(expression: string, type: ScalarName | 'Float'): string {
  if (type === 'timestamptz') return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (type === 'numeric' || type === 'Float') return `(${expression})::float8`;
  return expression;
}
