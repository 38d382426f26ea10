import { Semaphore } from '../lib/semaphore';
import { LIMITS } from './limits';

/**
 * At most LIMITS.heavyQueriesPerUser heavy queries (cost.ts) per user at once: 22 heavy
 * queries sent together no longer take every connection of the pool (R-SEC-08); the
 * screens send one at a time (the 'Tous' batches follow each other).
 */
const slotsByUser = new Map<number, Semaphore>();

/** A slot for this user's heavy query, or null when none freed up in LIMITS.heavyQueryWaitMs. */
export async function acquireHeavySlot(userId: number): Promise<(() => void) | null> {
  let slots = slotsByUser.get(userId);
  if (!slots) slotsByUser.set(userId, (slots = new Semaphore(LIMITS.heavyQueriesPerUser)));
  const release = await slots.acquire(LIMITS.heavyQueryWaitMs);
  if (!release) return null;
  const owner = slots;
  return () => {
    release();
    if (owner.idle && slotsByUser.get(userId) === owner) slotsByUser.delete(userId);
  };
}
