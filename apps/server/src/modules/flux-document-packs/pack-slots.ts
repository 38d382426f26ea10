import { DOCUMENT_PACK_MESSAGES } from '@gdf/domain';
import { HttpError } from '../../lib/http-errors';

/**
 * Packs built at once by this process: one per user, and a few in all. A pack holds a
 * database connection, most of a core and 10-40 MB while it renders first reads for up to
 * 20 s, so nothing else bounds what a reader could start at once. Counted in this process:
 * behind a load balancer each server keeps its own count.
 */
export const DEFAULT_CONCURRENT_PACKS = 3;

/** A pack whose client reads nothing for this long is ended (its place given back). */
export const PACK_IDLE_TIMEOUT_MS = 30_000;

export interface PackSlot {
  /** Gives the place back; later calls do nothing. */
  release(): void;
}

export function createPackSlots(concurrentPacks = DEFAULT_CONCURRENT_PACKS) {
  const users = new Set<number>();
  return {
    /** A place for `userId`'s pack, or a 429 with the French reason. */
    take(userId: number): PackSlot {
      if (users.has(userId)) throw new HttpError(429, DOCUMENT_PACK_MESSAGES.busy, 'too-many-requests');
      if (users.size >= concurrentPacks)
        throw new HttpError(429, DOCUMENT_PACK_MESSAGES.serverBusy, 'too-many-requests');
      users.add(userId);
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          users.delete(userId);
        },
      };
    },
  };
}
