import type { Database } from '../../../src/db/database';

/**
 * Row counts of every table of the database (each schema but PostgreSQL's own), to tell
 * whether a refused request changed any. Counting every table after every request would
 * double the run's time, so the counts are only read again when something may have been
 * written: a transaction that writes takes a transaction id, and reads never do, so while
 * the next id to be given (the snapshot's xmax) has not moved, no row can have changed.
 * On a PostgreSQL server other databases move it too: the counts are then read more often,
 * never less.
 */
export class RowCounts {
  private constructor(
    private readonly database: Database,
    private readonly tables: readonly string[],
    private readonly statement: string,
    private last: { xmax: string; counts: number[] },
  ) {}

  static async open(database: Database): Promise<RowCounts> {
    const rows = await database.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
          AND table_schema NOT LIKE 'pg\\_%' ORDER BY 1`,
    );
    const tables = rows.map((row) => row.name);
    if (tables.length === 0) throw new Error('aucune table à compter');
    const statement = `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax, ARRAY[${tables
      .map((table) => `(SELECT count(*) FROM ${table})`)
      .join(', ')}]::bigint[]::text[] AS counts`;
    const counts = new RowCounts(database, tables, statement, { xmax: '', counts: [] });
    counts.last = await counts.read();
    return counts;
  }

  get tableCount(): number {
    return this.tables.length;
  }

  /**
   * The tables whose row count changed since the last call, with their counts before and
   * after ("MKP_FluxFinancier 1558 -> 1559"); empty when none did.
   */
  async changes(): Promise<string[]> {
    const [row] = await this.database.query<{ xmax: string }>(
      `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`,
    );
    if (row?.xmax === this.last.xmax) return [];
    const before = this.last;
    this.last = await this.read();
    return this.tables.flatMap((table, index) =>
      before.counts[index] === this.last.counts[index]
        ? []
        : [`${table} ${before.counts[index]} -> ${this.last.counts[index]}`],
    );
  }

  /**
   * Waits until the counts stop moving (the same for `quietMs`, at most `maxMs`), after an
   * answer that says its work goes on (202): what that work writes is not the next request's.
   */
  async settle(quietMs = 300, maxMs = 30_000): Promise<void> {
    const deadline = performance.now() + maxMs;
    let quietSince = performance.now();
    while (performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const before = this.last.counts.join();
      this.last = await this.read();
      if (this.last.counts.join() !== before) quietSince = performance.now();
      else if (performance.now() - quietSince >= quietMs) return;
    }
  }

  private async read(): Promise<{ xmax: string; counts: number[] }> {
    const [row] = await this.database.query<{ xmax: string; counts: string[] }>(this.statement);
    if (!row) throw new Error('comptage impossible');
    return { xmax: row.xmax, counts: row.counts.map(Number) };
  }
}
