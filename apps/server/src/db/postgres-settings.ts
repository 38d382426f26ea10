import type { Database } from './database';

/**
 * PostgreSQL settings the flux search depends on (README, "PostgreSQL settings"), checked
 * at start-up: a warning, never a refusal (the server works, only slower).
 *  - shared_buffers: the default 128 MB holds a small part of the search's indexes at a
 *    federation's size (2,000,000 flux: ~700 MB of table and indexes), so concurrent
 *    searches read pages from the kernel's cache again and again.
 *  - autovacuum (and track_counts, which it needs): without it the visibility map falls
 *    behind the writes and the capped counts and pages stop being index-only scans, and
 *    the planner's statistics go stale.
 */
export const MIN_SHARED_BUFFERS_BYTES = 512 * 1024 * 1024;

/**
 * Session options of every connection the server opens: JIT compilation off. Its statements
 * read a few index pages, but the balance rule's correlated sub-selects (reste-du-sql.ts) are
 * costed far above jit_above_cost, so PostgreSQL compiled them first: the season's search
 * summary spent 1.5 s in JIT for 3 ms of execution (EXPLAIN ANALYZE, 2,000,000 flux).
 */
export const SESSION_OPTIONS = '-c jit=off';

export interface PostgresSettings {
  sharedBuffersBytes: number;
  autovacuum: boolean;
  trackCounts: boolean;
}

/** French warnings for the settings above (empty when all is well). */
export function settingsWarnings(settings: PostgresSettings): string[] {
  const warnings: string[] = [];
  if (settings.sharedBuffersBytes < MIN_SHARED_BUFFERS_BYTES) {
    warnings.push(
      `shared_buffers vaut ${Math.round(settings.sharedBuffersBytes / 1024 / 1024)} Mo : ` +
        `au moins ${MIN_SHARED_BUFFERS_BYTES / 1024 / 1024} Mo conseillés (un quart de la mémoire du serveur), ` +
        'sinon les recherches de flux simultanées relisent leurs index (voir le README).',
    );
  }
  if (!settings.autovacuum || !settings.trackCounts) {
    warnings.push(
      'autovacuum (ou track_counts) est désactivé : les statistiques et la carte de visibilité vieillissent, ' +
        'les comptes et les pages de la recherche de flux ralentissent (voir le README).',
    );
  }
  return warnings;
}

/** The settings as the server reports them; null on PGlite (embedded, nothing to tune). */
export async function readPostgresSettings(database: Database): Promise<PostgresSettings | null> {
  if (database.kind !== 'postgres') return null;
  const rows = await database.query<{ name: string; bytes: string | null; setting: string }>(
    `SELECT name, setting,
            CASE WHEN name = 'shared_buffers' THEN (setting::bigint * pg_size_bytes(unit))::text END AS bytes
       FROM pg_settings WHERE name IN ('shared_buffers', 'autovacuum', 'track_counts')`,
  );
  const byName = new Map(rows.map((row) => [row.name, row]));
  return {
    sharedBuffersBytes: Number(byName.get('shared_buffers')?.bytes ?? 0),
    autovacuum: byName.get('autovacuum')?.setting === 'on',
    trackCounts: byName.get('track_counts')?.setting === 'on',
  };
}
