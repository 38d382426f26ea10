import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './tcp-ports';

/**
 * A real PostgreSQL streaming replica of the test server (TEST_DATABASE_URL) on a free port of
 * this machine, for the read replica's suites (ADR 0052): `pg_basebackup -R -X stream` of the
 * whole cluster (databases created on the primary afterwards appear on it too) into a
 * temporary folder, started with `hot_standby`, through a replication slot of its own so a
 * stop never loses the WAL it needs. PostgreSQL refuses to run as root: as root, every
 * command runs as the `postgres` user.
 *
 * The primary must accept replication connections from 127.0.0.1: when its pg_hba.conf has
 * no `replication` line, one is added (`host replication all 127.0.0.1/32 trust`, next to the
 * `host all all 127.0.0.1/32 trust` such a test server has) and the configuration reloaded,
 * once (README, "Tests on PostgreSQL").
 */
export interface LocalReplica {
  port: number;
  /** `primaryUrl`'s database, on the replica. */
  urlOf(primaryUrl: string): string;
  /** One statement on the replica (its `postgres` database). */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Replay paused (WAL still received) until resumeReplay(). */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Until the replica has replayed everything the primary had written when called. */
  caughtUp(): Promise<void>;
  /** The replica's postmaster stopped (fast), and started again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stopped, its slot dropped and its folder removed. */
  remove(): Promise<void>;
}

const run = promisify(execFile);
const SLOT_PREFIX = 'gdf_test_replica_';
/** A slot left by a run that died keeps WAL on the shared server: dropped after an hour. */
const STALE_SLOT_SECONDS = 3_600;
const WAIT_MS = 120_000;
const BASE_BACKUP_MS = 15 * 60_000;

export async function startLocalReplica(serverUrl: string): Promise<LocalReplica> {
  const asRoot = process.getuid?.() === 0;
  const primary = await primaryFacts(serverUrl);
  await allowReplicationConnections(serverUrl, primary.hbaFile);
  const bin = (tool: string) => {
    const own = `/usr/lib/postgresql/${primary.major}/bin/${tool}`;
    return existsSync(own) ? own : tool;
  };
  const command = async (tool: string, args: string[], timeoutMs = WAIT_MS) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin(tool), ...args]] : [bin(tool), args];
    try {
      return await run(file, argv, { timeout: timeoutMs });
    } catch (error) {
      const { stderr } = error as { stderr?: string };
      throw new Error(`${tool} ${args.join(' ')} failed: ${stderr || String(error)}`);
    }
  };

  const dir = await mkdtemp(path.join(tmpdir(), 'gdf-replica-'));
  if (asRoot) await run('chown', ['postgres:', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const slot = `${SLOT_PREFIX}${Math.floor(Date.now() / 1000)}_${process.pid}`;
  await dropStaleSlots(serverUrl);
  try {
    // The whole cluster: about 30 s when the bench's 2 GB database sits beside the tests'.
    await command(
      'pg_basebackup',
      ['-d', serverUrl, '-D', dataDir, '-R', '-X', 'stream', '-C', '-S', slot, '-c', 'fast'],
      BASE_BACKUP_MS,
    );
    await writeOwned(asRoot, path.join(dataDir, 'postgresql.conf'), replicaConfiguration(port, dir, primary.limits));
    await writeOwned(
      asRoot,
      path.join(dataDir, 'pg_hba.conf'),
      'local all all trust\nhost all all 127.0.0.1/32 trust\n',
    );
  } catch (error) {
    await adminRows(
      serverUrl,
      'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1',
      [slot],
    ).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const replicaUrl = (database: string) => {
    const url = new URL(serverUrl);
    url.host = `127.0.0.1:${port}`;
    url.pathname = `/${database}`;
    return url.toString();
  };
  const query = async <Row>(text: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: replicaUrl('postgres'), connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as Row[];
    } finally {
      await client.end();
    }
  };
  let running = false;
  const stopNow = () => {
    if (!running) return;
    const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
    try {
      execFileSync(
        asRoot ? 'runuser' : bin('pg_ctl'),
        asRoot ? ['-u', 'postgres', '--', bin('pg_ctl'), ...args] : args,
      );
    } catch {
      // already stopped
    }
  };
  process.once('exit', stopNow); // a worker that dies leaves no postmaster behind

  const replica: LocalReplica = {
    port,
    urlOf: (primaryUrl) => replicaUrl(new URL(primaryUrl).pathname.slice(1)),
    query,
    async pauseReplay() {
      await query('SELECT pg_wal_replay_pause()');
      await until(
        async () => (await query<{ s: string }>('SELECT pg_get_wal_replay_pause_state() AS s'))[0]?.s === 'paused',
      );
    },
    async resumeReplay() {
      await query('SELECT pg_wal_replay_resume()');
    },
    async caughtUp() {
      const [target] = await adminRows<{ lsn: string }>(serverUrl, 'SELECT pg_current_wal_lsn()::text AS lsn');
      await until(async () => {
        const [row] = await query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [
          target!.lsn,
        ]);
        return row?.done === true;
      });
    },
    async stop() {
      await command('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '120', 'stop']);
      running = false;
    },
    async start() {
      await command('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'replica.log'), '-w', '-t', '120', 'start']);
      running = true;
      await until(async () => {
        const [row] = await query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
        return row?.standby === true;
      });
    },
    async remove() {
      process.removeListener('exit', stopNow);
      if (running) await replica.stop().catch(() => stopNow());
      // The slot stays active a moment after its walreceiver went.
      await until(async () => {
        const [row] = await adminRows<{ active: boolean }>(
          serverUrl,
          'SELECT active FROM pg_replication_slots WHERE slot_name = $1',
          [slot],
        );
        if (row && !row.active) await adminRows(serverUrl, 'SELECT pg_drop_replication_slot($1)', [slot]);
        return !row || !row.active;
      }).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await replica.start();
    await replica.caughtUp();
  } catch (error) {
    const log = await run('tail', ['-n', '30', path.join(dir, 'replica.log')]).catch(() => ({ stdout: '' }));
    await replica.remove();
    throw new Error(`${String(error)}\n${log.stdout}`);
  }
  return replica;
}

interface PrimaryFacts {
  major: number;
  hbaFile: string;
  /** Settings a hot standby must have at least as high as its primary. */
  limits: Record<string, string>;
}

const STANDBY_LIMITS = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

async function primaryFacts(serverUrl: string): Promise<PrimaryFacts> {
  const rows = await adminRows<{ name: string; setting: string }>(
    serverUrl,
    `SELECT name, setting FROM pg_settings WHERE name = ANY($1)`,
    [[...STANDBY_LIMITS, 'server_version_num', 'hba_file']],
  );
  const settings = new Map(rows.map((row) => [row.name, row.setting]));
  return {
    major: Math.floor(Number(settings.get('server_version_num')) / 10_000),
    hbaFile: settings.get('hba_file') ?? '',
    limits: Object.fromEntries(STANDBY_LIMITS.map((name) => [name, settings.get(name) ?? ''])),
  };
}

/** Adds the replication line to the primary's pg_hba.conf and reloads it, when there is none. */
async function allowReplicationConnections(serverUrl: string, hbaFile: string): Promise<void> {
  const hasLine = async () =>
    (
      await adminRows<{ n: number }>(
        serverUrl,
        `SELECT count(*)::int AS n FROM pg_hba_file_rules
          WHERE error IS NULL AND type IN ('host', 'hostnossl') AND 'replication' = ANY(database)`,
      )
    )[0]!.n > 0;
  if (await hasLine()) return;
  try {
    await appendFile(
      hbaFile,
      '\n# Added by the tests of Gestion des finances (read replica, ADR 0052): replication from this machine.\n' +
        'host replication all 127.0.0.1/32 trust\n',
    );
  } catch (error) {
    throw new Error(
      `The test PostgreSQL accepts no replication connection and ${hbaFile} cannot be written (${String(error)}): ` +
        "add 'host replication all 127.0.0.1/32 trust' to it and reload PostgreSQL (README, Tests on PostgreSQL).",
    );
  }
  await adminRows(serverUrl, 'SELECT pg_reload_conf()');
  await until(hasLine);
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // the postmaster reloads on its SIGHUP
}

async function dropStaleSlots(serverUrl: string): Promise<void> {
  await adminRows(
    serverUrl,
    `SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots
      WHERE slot_name LIKE $1 AND NOT active
        AND split_part(substr(slot_name, $2), '_', 1)::bigint < extract(epoch FROM now()) - $3`,
    [`${SLOT_PREFIX}%`, SLOT_PREFIX.length + 1, STALE_SLOT_SECONDS],
  );
}

function replicaConfiguration(port: number, socketDir: string, limits: Record<string, string>): string {
  return [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${socketDir}'`,
    'hot_standby = on',
    // Replies to the primary every second: positions move on quickly in pg_stat_replication.
    'wal_receiver_status_interval = 1s',
    'shared_buffers = 32MB',
    // A throwaway copy: no durability needed.
    'fsync = off',
    ...Object.entries(limits).map(([name, value]) => `${name} = ${value}`),
    '',
  ].join('\n');
}

async function writeOwned(asRoot: boolean, file: string, text: string): Promise<void> {
  await writeFile(file, text);
  await chmod(file, 0o600);
  if (asRoot) {
    const { stdout } = await run('stat', ['-c', '%u:%g', path.dirname(file)]);
    const [uid, gid] = stdout.trim().split(':').map(Number);
    await chown(file, uid!, gid!);
  }
}

async function adminRows<Row = Record<string, unknown>>(
  serverUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Polls `condition` (errors count as not yet) every 200 ms, for two minutes at most. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await condition()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`local replica: condition not met within ${WAIT_MS / 1000} s${last ? ` (${String(last)})` : ''}`);
}
