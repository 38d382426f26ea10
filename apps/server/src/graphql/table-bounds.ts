import type { Database } from '../db/database';
import type { RowBound } from './cost';
import { readHighestIds } from './graphql-reads.repository';
import { TABLE_LIST, type TableName } from './metadata/tables';

/** How long a table's bound is reused: bulk loads happen only through the seeding command. */
const BOUND_TTL_MS = 10_000;

interface Bounds {
  at: number;
  rows: Map<TableName, number>;
  pending?: Promise<void>;
}

const boundsByDatabase = new WeakMap<Database, Bounds>();

/**
 * How many rows each table can hold right now: its largest id. Ids are distinct positive
 * integers, so the count never exceeds it, and the primary key index answers it at once.
 * The cost (cost.ts) uses it so that a list without a limit on a small table (the
 * seasons) costs what it reads, not the default 100,000 rows.
 */
export async function tableRowBound(database: Database): Promise<RowBound> {
  let bounds = boundsByDatabase.get(database);
  // Never read: stale whatever the clock (performance.now() starts near 0 with the process).
  if (!bounds) boundsByDatabase.set(database, (bounds = { at: Number.NEGATIVE_INFINITY, rows: new Map() }));
  if (performance.now() - bounds.at > BOUND_TTL_MS) {
    const current = bounds;
    current.pending ??= refresh(database, current).finally(() => (current.pending = undefined));
    await current.pending;
  }
  const { rows } = bounds;
  return (table) => rows.get(table) ?? Number.POSITIVE_INFINITY;
}

async function refresh(database: Database, bounds: Bounds): Promise<void> {
  const row = await readHighestIds(
    database,
    TABLE_LIST.map((table) => table.name),
  );
  for (const table of TABLE_LIST) bounds.rows.set(table.name, Number(row?.[table.name] ?? Number.POSITIVE_INFINITY));
  bounds.at = performance.now();
}
