import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database';
import { readCacheOf } from '../../../src/graphql/execution/share';
import { TABLE_LIST } from '../../../src/graphql/metadata/tables';
import { adminQuery } from '../support/databases';

/**
 * Two server processes on one PostgreSQL (R-ARCH-02: several instances behind a
 * load balancer): a change committed through one, or by any other client, clears the
 * other's shared reads at once instead of a TTL later. PostgreSQL only: PGlite is one process.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('shared reads across processes (PostgreSQL NOTIFY)', () => {
  const name = `gdf_test_${randomBytes(6).toString('hex')}`;
  let url: string;
  let writer: Database;
  let reader: Database;

  const admin = (statement: string) => adminQuery(serverUrl as string, statement);

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const target = new URL(serverUrl as string);
    target.pathname = `/${name}`;
    url = target.toString();
    writer = await openDatabase({ url });
    reader = await openDatabase({ url });
    await writer.query(`INSERT INTO "FEDE_Saison" (id, "NomSaison", "NomSaisonShort", "DateDebut", "DateFin", "EST_SaisonCourante")
                        VALUES (2030, '2029-2030', '29-30', '2029-09-01', '2030-08-31', false)`);
  });
  afterAll(async () => {
    await writer?.close();
    await reader?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  const seasonName = (database: Database) =>
    readCacheOf(database).read('season-2030', 60_000, async () => {
      const [row] = await database.query<{ name: string }>(
        `SELECT "NomSaison" AS name FROM "FEDE_Saison" WHERE id = 2030`,
      );
      return row?.name ?? '';
    });

  /**
   * Waits until the reader's LISTEN connection is open (it opens with the cache, and again a
   * second after a cut), on a backend other than the `cut` ones.
   */
  const listening = (cut: number[] = []) =>
    vi.waitFor(
      async () => {
        const rows = await writer.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN gdf_donnees' AND state = 'idle'`,
          [name],
        );
        expect(rows.filter((row) => !cut.includes(row.pid))).toHaveLength(1);
      },
      { timeout: 5_000, interval: 20 },
    );

  it("clears another process's shared reads when a change commits, and not before", async () => {
    expect(await seasonName(reader)).toBe('2029-2030');
    await listening();

    // A probe listens too, and to a barrier channel: notifications reach a listener in commit
    // order, so once the barrier (committed after the UPDATE) has arrived, any notification
    // the uncommitted UPDATE had sent would have arrived before it. No sleep needed.
    const probe = new pg.Client({ connectionString: url });
    const heard: string[] = [];
    await probe.connect();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      probe.on('notification', (message) => heard.push(message.channel));
      await probe.query('LISTEN "gdf_donnees"'); // not the text the next test looks for
      await probe.query('LISTEN gdf_test_barrier');
      await client.query('BEGIN');
      await client.query(`UPDATE "FEDE_Saison" SET "NomSaison" = 'Saison renommée' WHERE id = 2030`);
      await writer.query(`NOTIFY gdf_test_barrier`);
      await vi.waitFor(() => expect(heard).toContain('gdf_test_barrier'), { timeout: 3_000, interval: 10 });
      // Not committed yet: no notification, the shared read stands.
      expect(heard).toEqual(['gdf_test_barrier']);
      expect(await seasonName(reader)).toBe('2029-2030');
      await client.query('COMMIT');
      await vi.waitFor(() => expect(heard).toEqual(['gdf_test_barrier', 'gdf_donnees']), { timeout: 3_000 });
    } finally {
      await client.end();
      await probe.end();
    }
    await vi.waitFor(async () => expect(await seasonName(reader)).toBe('Saison renommée'), { timeout: 3_000 });
  });

  it('listens again after its connection is cut', async () => {
    let cutPids: number[] = [];
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const cut = await client.query<{ pid: number }>(
        `WITH listener AS MATERIALIZED (SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN gdf_donnees')
         SELECT pid FROM listener WHERE pg_terminate_backend(pid)`,
        [name],
      );
      expect(cut.rows).toHaveLength(1);
      cutPids = cut.rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
    // Cut: the caches are cleared, and a second later the process listens again.
    await listening(cutPids);
    expect(await seasonName(reader)).toBe('Saison renommée');
    await writer.query(`UPDATE "FEDE_Saison" SET "NomSaison" = 'Après coupure' WHERE id = 2030`);
    await vi.waitFor(async () => expect(await seasonName(reader)).toBe('Après coupure'), { timeout: 3_000 });
    await writer.query(`UPDATE "FEDE_Saison" SET "NomSaison" = 'Saison renommée' WHERE id = 2030`);
    await vi.waitFor(async () => expect(await seasonName(reader)).toBe('Saison renommée'), { timeout: 3_000 });
  });

  it('is notified by every table GraphQL reads (the SEPA returns were once missing), and by no other', async () => {
    const rows = await reader.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE t.tgname = 'gdf_donnees_changees'`,
    );
    expect(rows.map((row) => row.table).sort()).toEqual(TABLE_LIST.map((table) => table.name).sort());
  });

  it('also for a change made through another server process', async () => {
    expect(await seasonName(reader)).toBe('Saison renommée');
    await writer.query(`UPDATE "FEDE_Saison" SET "NomSaison" = '2029-2030' WHERE id = 2030`);
    await vi.waitFor(async () => expect(await seasonName(reader)).toBe('2029-2030'), { timeout: 3_000 });
  });
});
