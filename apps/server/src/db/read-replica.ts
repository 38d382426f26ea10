import type { Pool as PgPool, PoolConfig } from 'pg';
import { currentReadConsistency } from './read-routing';
import { SESSION_OPTIONS } from './postgres-settings';

/**
 * A PostgreSQL streaming replica for reads (DATABASE_READ_URL, ADR 0052). GraphQL reads and
 * the pure reads of relevés and Impayés go to it while it is usable (R-OPS-05); a reader whose
 * own write it has not replayed yet reads from the primary (R-OPS-06); a replica that lags
 * beyond DATABASE_READ_MAX_LAG_MS or does not answer sends every read to the primary until a
 * later check finds it well again (R-OPS-07).
 */

/** 'lecture': a GraphQL read (short statement timeout); 'rapport': another pure read. */
export type ReplicaReadKind = 'lecture' | 'rapport';

export interface ReplicaSettings {
  url: string;
  /** Replay lag beyond which the replica is not read (DATABASE_READ_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often the replica's position and the primary's are compared. */
  checkIntervalMs: number;
  /** Connections of each of the replica's two pools (DATABASE_READ_POOL_SIZE). */
  poolSize: number;
  /** Statement timeout of its GraphQL reads, and of its other reads (as the primary's pools). */
  readTimeoutMs: number;
  statementTimeoutMs: number;
  /** Longest wait for a connection (DATABASE_POOL_WAIT_MS); the read then goes to the primary. */
  poolWaitMs: number;
}

export interface ReplicaStatus {
  /** Reads may go to the replica now. */
  usable: boolean;
  /** Why they do not, in French (shown by GET /api/health); null when usable. */
  reason: string | null;
  /** Replay lag at the last check, in ms; null when unknown. */
  lagMs: number | null;
  /** Reads served since start by the replica, and by the primary in its place. */
  reads: { replica: number; primary: number };
}

/** What the rest of the server sees of the replica (Database.readReplica). */
export interface ReadReplicaControl {
  status(): ReplicaStatus;
  /** The primary's WAL position now: after a write, the point a reader's replica must have replayed. */
  primaryLsn(): Promise<bigint>;
  /** How long a writer's position is worth remembering: beyond it a usable replica has replayed it. */
  readonly stickyMs: number;
  /** Whether the request under way must read from the primary (it writes, or its own write is not replayed yet). */
  ownWritesPending(): boolean;
  /** Called when the replica becomes usable or unusable. */
  onStatusChange(listener: (status: ReplicaStatus) => void): void;
  /** Compares the positions now (else every checkIntervalMs). */
  check(): Promise<ReplicaStatus>;
}

export const REPLICA_MESSAGES = {
  unchecked: 'La réplique de lecture n’a pas encore été vérifiée : les lectures passent par la base principale.',
  unreachable: 'La réplique de lecture ne répond pas : les lectures passent par la base principale.',
  notStandby:
    'La base de lecture n’est pas une réplique en attente (hot standby) : les lectures passent par la base principale.',
  lagging: (lagMs: number, maxLagMs: number) =>
    `La réplique de lecture a ${seconds(lagMs)} s de retard (au plus ${seconds(maxLagMs)} s) : ` +
    'les lectures passent par la base principale.',
} as const;

const seconds = (ms: number) => (ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 });

/** '16/B374D848' (pg_lsn's text) as a number that compares. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) throw new Error(`Position WAL illisible : ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** The primary's position `lsn` as seen at `at` (ms). */
export interface LsnSample {
  at: number;
  lsn: bigint;
}

/** Samples kept at most; beyond, every other one is dropped (the oldest stays). */
const MAX_SAMPLES = 1_000;

/**
 * The replica's replay lag from the primary's positions sampled over time: how long ago the
 * primary first had WAL the replica has not replayed yet (0 when it has replayed every
 * sample). It needs no clock shared with the primary and reads no lag while both are idle.
 * When every sample is ahead (just started: no history reaching back far enough), the
 * replica's own age of its last replayed transaction bounds it from above and counts too.
 * Returns the samples worth keeping: the last replayed one and those after it.
 */
export function measureLag(
  samples: readonly LsnSample[],
  replayed: bigint,
  now: number,
  lastReplayAgeMs: number | null,
): { lagMs: number; kept: LsnSample[] } {
  const firstAhead = samples.findIndex((sample) => sample.lsn > replayed);
  if (firstAhead === -1) return { lagMs: 0, kept: samples.slice(-1) };
  const kept = samples.slice(Math.max(0, firstAhead - 1));
  const sampled = Math.max(0, now - samples[firstAhead]!.at);
  const covered = firstAhead > 0;
  return { lagMs: covered ? sampled : Math.max(sampled, lastReplayAgeMs ?? 0), kept };
}

/**
 * What a failed read on the replica means: 'injoignable' (the connection failed: the replica
 * is marked unusable and the read runs on the primary), 'autre-base' (a recovery conflict or
 * no free connection: this read runs on the primary), or null: an error of the read itself
 * (a statement timeout, a bad statement), which the primary would give too.
 */
export function replicaFailure(error: unknown): 'injoignable' | 'autre-base' | null {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return 'injoignable';
    // Hot standby: "canceling statement due to conflict with recovery"; a database replayed away.
    if (code === '40001' || code === '57P04') return 'autre-base';
    return null;
  }
  if (/timeout exceeded when trying to connect/i.test(message)) return 'autre-base';
  return 'injoignable'; // ECONNREFUSED, a connection terminated, DNS: no SQLSTATE at all
}

interface ReplicaCheckRow {
  standby: boolean;
  replayed: string | null;
  replay_age_ms: number | null;
}

type PoolConstructor = new (config: PoolConfig) => PgPool;

export class ReadReplica implements ReadReplicaControl {
  readonly stickyMs: number;
  private readonly readPool: PgPool;
  private readonly reportPool: PgPool;
  /** One connection for the checks: a replica busy with reads is still checked on time. */
  private readonly monitorPool: PgPool;
  private samples: LsnSample[] = [];
  private replayed: bigint | null = null;
  private state: Pick<ReplicaStatus, 'usable' | 'reason' | 'lagMs'> = {
    usable: false,
    reason: REPLICA_MESSAGES.unchecked,
    lagMs: null,
  };
  private readonly reads = { replica: 0, primary: 0 };
  private readonly listeners: Array<(status: ReplicaStatus) => void> = [];
  private checking: Promise<ReplicaStatus> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    Pool: PoolConstructor,
    private readonly primary: PgPool,
    private readonly settings: ReplicaSettings,
  ) {
    const common = {
      connectionString: settings.url,
      maxUses: 20_000,
      options: SESSION_OPTIONS,
      connectionTimeoutMillis: settings.poolWaitMs,
    };
    this.readPool = new Pool({ ...common, max: settings.poolSize, statement_timeout: settings.readTimeoutMs });
    this.reportPool = new Pool({ ...common, max: settings.poolSize, statement_timeout: settings.statementTimeoutMs });
    const checkMs = Math.max(1_000, Math.min(settings.poolWaitMs, 5_000));
    this.monitorPool = new Pool({
      connectionString: settings.url,
      max: 1,
      connectionTimeoutMillis: checkMs,
      statement_timeout: checkMs,
    });
    for (const pool of [this.readPool, this.reportPool, this.monitorPool]) pool.on('error', () => undefined);
    // A usable replica has replayed any write older than its lag bound; a margin for the checks.
    this.stickyMs = settings.maxLagMs + Math.max(10_000, 4 * settings.checkIntervalMs);
  }

  /** The first check (a second one if the first lacked history), then one every checkIntervalMs. */
  async start(): Promise<void> {
    const first = await this.check();
    if (!first.usable && first.lagMs !== null) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.settings.checkIntervalMs, 500)));
      await this.check();
    }
    this.timer = setInterval(() => void this.check(), this.settings.checkIntervalMs);
    this.timer.unref();
  }

  status(): ReplicaStatus {
    return { ...this.state, reads: { ...this.reads } };
  }

  onStatusChange(listener: (status: ReplicaStatus) => void): void {
    this.listeners.push(listener);
  }

  async primaryLsn(): Promise<bigint> {
    const { rows } = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    return parseLsn(rows[0]!.lsn);
  }

  ownWritesPending(): boolean {
    const consistency = currentReadConsistency();
    if (!consistency) return false;
    if (consistency.primaryOnly) return true;
    const written = consistency.writtenAt();
    return written !== null && (this.replayed === null || this.replayed < written);
  }

  /** `work` on the replica's pool of `kind` when it may serve the request under way, else on `fallback` (the primary's). */
  async run<T>(kind: ReplicaReadKind, work: (pool: PgPool) => Promise<T>, fallback: PgPool): Promise<T> {
    if (this.state.usable && !this.ownWritesPending()) {
      try {
        const result = await work(kind === 'lecture' ? this.readPool : this.reportPool);
        this.reads.replica += 1;
        return result;
      } catch (error) {
        const failure = replicaFailure(error);
        if (!failure) throw error;
        if (failure === 'injoignable')
          this.setState({ usable: false, reason: REPLICA_MESSAGES.unreachable, lagMs: null });
      }
    }
    this.reads.primary += 1;
    return work(fallback);
  }

  check(): Promise<ReplicaStatus> {
    this.checking ??= this.compare().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  poolStats(): Array<{ pool: 'réplique' | 'réplique-lecture'; total: number; idle: number; waiting: number }> {
    return [
      {
        pool: 'réplique',
        total: this.reportPool.totalCount,
        idle: this.reportPool.idleCount,
        waiting: this.reportPool.waitingCount,
      },
      {
        pool: 'réplique-lecture',
        total: this.readPool.totalCount,
        idle: this.readPool.idleCount,
        waiting: this.readPool.waitingCount,
      },
    ];
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking?.catch(() => undefined);
    await Promise.all([this.readPool.end(), this.reportPool.end(), this.monitorPool.end()]);
  }

  /** The primary's position first, then the replica's: a lag is never read smaller than it is. */
  private async compare(): Promise<ReplicaStatus> {
    let primaryLsn: bigint;
    try {
      primaryLsn = await this.primaryLsn();
    } catch {
      return this.status(); // the primary does not answer: nothing to compare, nothing changes
    }
    this.samples.push({ at: Date.now(), lsn: primaryLsn });
    if (this.samples.length > MAX_SAMPLES)
      this.samples = this.samples.filter((_, index) => index % 2 === 0 || index === this.samples.length - 1);
    let row: ReplicaCheckRow | undefined;
    try {
      const result = await this.monitorPool.query<ReplicaCheckRow>(
        `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
                (EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS replay_age_ms`,
      );
      row = result.rows[0];
    } catch {
      this.setState({ usable: false, reason: REPLICA_MESSAGES.unreachable, lagMs: null });
      return this.status();
    }
    if (!row?.standby || row.replayed === null) {
      this.setState({ usable: false, reason: REPLICA_MESSAGES.notStandby, lagMs: null });
      return this.status();
    }
    this.replayed = parseLsn(row.replayed);
    const { lagMs, kept } = measureLag(this.samples, this.replayed, Date.now(), row.replay_age_ms);
    this.samples = kept;
    this.setState(
      lagMs > this.settings.maxLagMs
        ? { usable: false, reason: REPLICA_MESSAGES.lagging(lagMs, this.settings.maxLagMs), lagMs }
        : { usable: true, reason: null, lagMs },
    );
    return this.status();
  }

  private setState(next: Pick<ReplicaStatus, 'usable' | 'reason' | 'lagMs'>): void {
    const changed = next.usable !== this.state.usable;
    this.state = next;
    if (changed) for (const listener of this.listeners) listener(this.status());
  }
}
