import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { withReadConsistency, type ReadConsistency } from '../db/read-routing';
import { readCookie } from '../modules/auth/auth.routes';
import { businessEventOf } from './business-events';

/**
 * Read-your-writes with a read replica (R-OPS-06, ADR 0052). After a request that wrote (a
 * business event: a non-GET write, a GraphQL mutation, an issued relevé), the primary's WAL
 * position is kept for its user in this process and in a cookie for the other instances; a
 * later read of that user goes to the replica only once the replica has replayed that position.
 * A request that writes reads from the primary throughout. Nothing is registered without a replica.
 */

/** The WAL position (hexadecimal) of the client's last write, for every instance behind the load balancer. */
export const WRITE_POSITION_COOKIE = 'gdf_lsn';

/** Read as "never replayed": reads go to the primary while it is remembered. */
const UNKNOWN_POSITION = (1n << 64n) - 1n;
const MAX_REMEMBERED_USERS = 10_000;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerReadYourWrites(app: FastifyInstance, database: Database): void {
  const replica = database.readReplica;
  if (!replica) return;
  const positions = new WriterPositions(replica.stickyMs);

  app.addHook('onRequest', (request, _reply, done) => {
    const consistency: ReadConsistency = {
      primaryOnly: !READS.has(request.method) && businessEventOf(request) !== null,
      writtenAt: () => newest(positions.of(request.actor?.userId), cookiePosition(request)),
    };
    // The rest of the request runs in it: Fastify keeps it across the body's parsing too.
    withReadConsistency(consistency, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || !businessEventOf(request)) return payload;
    let position = UNKNOWN_POSITION;
    try {
      position = await replica.primaryLsn();
    } catch (error) {
      request.log.warn({ err: error }, 'position WAL non lue après une écriture : lectures sur la base principale');
    }
    positions.remember(request.actor?.userId, position);
    reply.header('set-cookie', positionCookie(request, position, replica.stickyMs));
    return payload;
  });
  replica.onStatusChange((status) => {
    if (status.usable) app.log.info('réplique de lecture en service');
    else app.log.warn({ raison: status.reason }, 'réplique de lecture écartée');
  });
}

/** Each user's last write position in this process, forgotten after `ttlMs`. */
class WriterPositions {
  private readonly byUser = new Map<number, { position: bigint; until: number }>();

  constructor(private readonly ttlMs: number) {}

  of(userId: number | undefined): bigint | null {
    if (userId === undefined) return null;
    const entry = this.byUser.get(userId);
    if (!entry) return null;
    if (entry.until >= Date.now()) return entry.position;
    this.byUser.delete(userId);
    return null;
  }

  remember(userId: number | undefined, position: bigint): void {
    if (userId === undefined) return;
    const now = Date.now();
    if (this.byUser.size >= MAX_REMEMBERED_USERS)
      for (const [id, entry] of this.byUser) if (entry.until < now) this.byUser.delete(id);
    const known = this.of(userId);
    this.byUser.set(userId, {
      position: known !== null && known > position ? known : position,
      until: now + this.ttlMs,
    });
  }
}

function newest(a: bigint | null, b: bigint | null): bigint | null {
  if (a === null) return b;
  return b === null || a >= b ? a : b;
}

/**
 * The client's own position: a forged one only sends its own reads to the primary, as if
 * there were no replica.
 */
function cookiePosition(request: FastifyRequest): bigint | null {
  const value = readCookie(request, WRITE_POSITION_COOKIE);
  return value && /^[0-9a-f]{1,16}$/.test(value) ? BigInt(`0x${value}`) : null;
}

function positionCookie(request: FastifyRequest, position: bigint, ttlMs: number): string {
  const attributes = [
    `${WRITE_POSITION_COOKIE}=${position.toString(16)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${Math.ceil(ttlMs / 1000)}`,
  ];
  if (request.protocol === 'https') attributes.push('Secure');
  return attributes.join('; ');
}
