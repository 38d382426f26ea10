import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Queryable } from './queryable';

/**
 * Runs `work` in one drizzle transaction (READ COMMITTED) on PGlite or PostgreSQL:
 * committed when it resolves, rolled back when it throws. On PGlite other queries wait
 * until it ends, so `work` must use `tx`, never the Database handle. Drizzle's driver
 * session is kept on purpose: inside it, timestamps come back as text on both engines,
 * which the callers rely on (Database.transaction).
 */
export async function runTransaction<T>(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  work: (tx: Queryable) => Promise<T>,
  hooks: TransactionHooks = {},
): Promise<T> {
  return db.transaction(async (transaction) =>
    work({
      async query<Row>(text: string, params: unknown[] = []) {
        await hooks.beforeStatement?.();
        const result = (await transaction.execute(toSql(text, params))) as unknown as { rows: Row[] };
        hooks.afterStatement?.();
        return result.rows;
      },
    }),
  );
}

/** PGlite's (ADR 0058): the event loop's turn before each statement, and each statement answered. */
export interface TransactionHooks {
  beforeStatement?: () => Promise<void>;
  afterStatement?: () => void;
}

/** `$n` placeholders -> drizzle parameters; the SQL text between them is ours, never user text. */
function toSql(text: string, params: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= params.length) throw new Error(`Paramètre SQL $${match[1]} absent`);
    // An array is one parameter (a PostgreSQL array), not drizzle's expanded list.
    const value = params[index];
    chunks.push(
      sql.raw(text.slice(last, match.index)),
      Array.isArray(value) ? sql`${sql.param(value)}` : sql`${value}`,
    );
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
