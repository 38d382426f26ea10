import { mkdir } from 'node:fs/promises';
import * as schema from './schema/index';
import { checkParameterCount } from './database-errors';
import { copyStatement, type AppDb, type Database } from './database-types';
import { runTransaction } from './transaction';

const DATE_OID = 1082;
const BYTEA_OID = 17;

export async function openPglite(
  config: { dataDir: string } | { memory: true; loadDataDir?: Blob },
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  if ('dataDir' in config) await mkdir(config.dataDir, { recursive: true });
  const client = new PGlite({
    ...('dataDir' in config ? { dataDir: config.dataDir } : {}),
    ...('loadDataDir' in config ? { loadDataDir: config.loadDataDir } : {}),
    extensions: { pg_trgm, btree_gin },
    // bytea as pg gives it (a Buffer), both ways through Node's hex codec: PGlite's own goes
    // byte by byte through JS strings, ~1 s per MB, too slow for stored files (ADR 0010).
    parsers: {
      [DATE_OID]: (value: string) => value,
      [BYTEA_OID]: (value: string) => Buffer.from(value.slice(2), 'hex'),
    },
    serializers: {
      [BYTEA_OID]: (value: Uint8Array) =>
        `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
    },
  });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as AppDb;
  const lanes = createLanes();
  // When a statement last succeeded; between a transaction's statements the event loop has a
  // turn (setImmediate: after pending I/O), so health and the sockets are served meanwhile.
  let lastAnswer = 0;
  const hooks = {
    beforeStatement: () => new Promise<void>((resolve) => setImmediate(resolve)),
    afterStatement: () => (lastAnswer = performance.now()),
  };
  const handle: Database = {
    kind: 'pglite',
    db,
    async query(text, params = [], options) {
      checkParameterCount(params);
      // GraphQL reads (the searches) keep the priority lane too: on PostgreSQL they have their own pool.
      const first = options?.priority === true || options?.read === true;
      const result = await lanes.run(first, async () => {
        const answer = await client.query(text, params);
        hooks.afterStatement();
        return answer;
      });
      return result.rows as never[];
    },
    transaction: (work, options) => lanes.run(options?.priority === true, () => runTransaction(db, work, hooks)),
    async script(text) {
      const results = await lanes.run(false, () => client.exec(text));
      return (results.at(-1)?.rows ?? []) as never[];
    },
    session(work) {
      return work(handle);
    },
    async copyCsv(table, columns, chunks) {
      // PGlite reads COPY input from a virtual /dev/blob file: load in bounded batches.
      const statement = copyStatement(table, columns).replace('STDIN', "'/dev/blob'");
      let batch: string[] = [];
      let size = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const blob = new Blob(batch);
        await lanes.run(false, () => client.query(statement, [], { blob }));
        batch = [];
        size = 0;
      };
      for await (const chunk of chunks) {
        batch.push(chunk);
        size += chunk.length;
        if (size > 32 * 1024 * 1024) await flush();
      }
      await flush();
    },
    busyButAnswering: (ms) => lanes.busy() && performance.now() - lastAnswer <= ms,
    dumpDataDir: () => lanes.run(false, () => client.dumpDataDir('none')),
    close: () => client.close(),
  };
  return handle;
}

/**
 * PGlite's one connection, taken one statement or transaction at a time in two lanes (R-OPS-10):
 * priority work (health, logins, session checks, GraphQL reads) goes before everything waiting,
 * so it waits for the statement under way only, never behind a queue of heavy reads. Within a
 * lane, first come first served. PGlite runs in this thread and its statements resolve as
 * promises: queued back to back they would chain without the event loop ever reading a socket
 * (a health check waited for 40 queued statements). So between two statements the event loop
 * has a turn (setImmediate: after pending I/O), and the next is chosen only then.
 */
function createLanes() {
  let busy = false;
  const waiting = { priority: [] as Array<() => void>, normal: [] as Array<() => void> };
  const handOver = () => {
    const next = waiting.priority.shift() ?? waiting.normal.shift();
    if (next) next();
    else busy = false;
  };
  return {
    busy: () => busy,
    async run<T>(priority: boolean, work: () => Promise<T>): Promise<T> {
      if (busy) await new Promise<void>((turn) => waiting[priority ? 'priority' : 'normal'].push(turn));
      else busy = true;
      try {
        return await work();
      } finally {
        // Still busy until the next in turn starts (or none waits): nobody slips in between.
        if (waiting.priority.length > 0 || waiting.normal.length > 0) setImmediate(handOver);
        else busy = false;
      }
    },
  };
}
