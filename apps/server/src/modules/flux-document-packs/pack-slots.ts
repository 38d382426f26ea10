import { DOCUMENT_PACK_MESSAGES } from '@gdf/domain';
import { HttpError } from '../../lib/http-errors';
import type { SharedPlaces } from '../../lib/shared-limits/places';

/**
 * Packs built at once: one per user, and a few in all, counted over every server process
 * (the shared places, ADR 0049: two instances never build twice as many). A pack holds a
 * database connection, most of a core and 10-40 MB while it renders first reads for up to
 * 20 s, so nothing else bounds what a reader could start at once. DOCUMENT_PACKS_CONCURRENT.
 */
const DEFAULT_CONCURRENT_PACKS = 3;

/** The pool of LIM_Place (or Redis) the packs' places are taken from. */
const PACK_PLACES = 'lots-de-documents';

/** A pack whose client reads nothing for this long is ended (its place given back). */
export const PACK_IDLE_TIMEOUT_MS = 30_000;

export interface PackSlot {
  /** Gives the place back; later calls do nothing. */
  release(): void;
}

export function createPackSlots(places: SharedPlaces, concurrentPacks = DEFAULT_CONCURRENT_PACKS) {
  return {
    /** A place for `userId`'s pack, or a 429 with the French reason. */
    async take(userId: number): Promise<PackSlot> {
      const place = await places.take(PACK_PLACES, `utilisateur:${userId}`, concurrentPacks);
      if (place === 'held') throw new HttpError(429, DOCUMENT_PACK_MESSAGES.busy, 'too-many-requests');
      if (place === 'full') throw new HttpError(429, DOCUMENT_PACK_MESSAGES.serverBusy, 'too-many-requests');
      return place;
    },
  };
}
