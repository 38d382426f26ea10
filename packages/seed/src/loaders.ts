import type { Hash } from 'node:crypto';
import type { Database } from '@gdf/server/seed-api';
import { chunkLines, splitPairs } from './csv';
import { DETAIL_COLUMNS, FLUX_COLUMNS, type FluxStats } from './flux';
import type { TableLoad } from './write-reference';

/** COPY loops with progress (rows/s), the content hash, and the final counts. */

const fmt = (n: number) => Math.round(n).toLocaleString('fr-FR');

export async function loadTable(database: Database, load: TableLoad, hash: Hash, progress: (m: string) => void) {
  const started = performance.now();
  let rows = 0;
  async function* chunks() {
    for (const chunk of chunkLines(load.rows)) {
      hash.update(chunk);
      rows += countLines(chunk);
      yield chunk;
    }
  }
  await database.copyCsv(load.table, load.columns, chunks());
  const seconds = (performance.now() - started) / 1000;
  if (rows >= 1000)
    progress(`${load.table} : ${fmt(rows)} lignes en ${seconds.toFixed(1)} s (${fmt(rows / seconds)} lignes/s)`);
}

function countLines(chunk: string): number {
  let n = 0;
  for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) n++;
  return n;
}

/** Flux and their lines go through two COPY streams at once, fed by one generator. */
export async function loadFlux(
  database: Database,
  pairs: Iterable<[string, string]>,
  total: number,
  stats: FluxStats,
  hashes: readonly [Hash, Hash],
  progress: (message: string) => void,
): Promise<void> {
  const started = performance.now();
  let shown = started;
  const hashed = (function* (): Generator<[string, string]> {
    for (const pair of pairs) {
      hashes[0].update(pair[0]);
      hashes[1].update(pair[1]);
      const now = performance.now();
      if (now - shown > 2000) {
        shown = now;
        const rate = stats.flux / ((now - started) / 1000);
        const percent = total > 0 ? Math.floor((100 * stats.flux) / total) : 100;
        progress(
          `flux : ${fmt(stats.flux)} / ${fmt(total)} (${percent} %), ${fmt(stats.details)} lignes, ${fmt(rate)} flux/s`,
        );
      }
      yield pair;
    }
  })();
  const [fluxChunksOut, detailChunksOut] = splitPairs(hashed);
  // Wait for both streams even if one fails, so nothing is still loading when the
  // caller rebuilds indexes; then report the first failure.
  const results = await Promise.allSettled([
    database.copyCsv('MKP_FluxFinancier', FLUX_COLUMNS, fluxChunksOut),
    database.copyCsv('MKP_FluxFinancierDetail', DETAIL_COLUMNS, detailChunksOut),
  ]);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  const seconds = (performance.now() - started) / 1000;
  progress(
    `flux : ${fmt(stats.flux)} flux et ${fmt(stats.details)} lignes en ${seconds.toFixed(1)} s ` +
      `(${fmt((stats.flux + stats.details) / Math.max(seconds, 0.001))} lignes/s)`,
  );
}

/** Rows per table and the sum of all flux, as the database counts them. */
export async function summarize(database: Database, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await database.query<{ n: string }>(`SELECT count(*)::text AS "n" FROM "${table}"`);
    counts[table] = Number(row?.n ?? 0);
  }
  const [sum] = await database.query<{ cents: string }>(
    `SELECT (coalesce(sum("MontantTTC"), 0) * 100)::bigint::text AS "cents" FROM "MKP_FluxFinancier"`,
  );
  return {
    counts,
    fluxCount: counts.MKP_FluxFinancier ?? 0,
    detailLines: counts.MKP_FluxFinancierDetail ?? 0,
    fluxTtcCents: sum?.cents ?? '0',
  };
}
