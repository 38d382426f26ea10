import type { Database } from '../../db/database';
import { pingPrimary } from './health.repository';

/**
 * PGlite busy with others' work that keeps answering (a statement succeeded this recently): the
 * embedded database is up, health says so without queuing behind that work (ADR 0058).
 */
export const PGLITE_RECENT_ANSWER_MS = 2_000;

/** Whether the primary answers (or the embedded database answered others' work just now). */
export async function primaryAnswers(database: Database): Promise<boolean> {
  try {
    if (!database.busyButAnswering?.(PGLITE_RECENT_ANSWER_MS)) await pingPrimary(database);
    return true;
  } catch {
    return false;
  }
}
