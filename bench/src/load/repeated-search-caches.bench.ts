/**
 * What each GraphQL cache earns on the repeated search (R-PERF-02's load: one search sent
 * again and again by 50 connections), beside the varied mix (varied-mix.bench.ts
 * --caches-off): for each configuration (caches switched off, BENCH_CACHES_OFF), a server
 * process, a warm-up, then the search with shared reads and with Cache-Control: no-cache;
 * requests/s and the CPU per request of the server and of PostgreSQL. Configurations
 * alternate round after round (A, B, A, B), the machine's load drifting meanwhile.
 *   npx tsx bench/src/load/repeated-search-caches.bench.ts --database-url postgres://postgres@127.0.0.1:5432/gdf_bench \
 *     --caches-off "|prepared|documents" --rounds 2 --seconds 10
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../../apps/server/src/db/database';
import { login } from '../search/search.bench';
import { repeatedSearch } from './graphql-load';
import { cpuTicks, startPostgresCpu } from './postgres-cpu';
import { startServerProcess } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WARMUP_S = 3;

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'caches-off': { type: 'string', default: '|prepared|documents' },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '10' },
  },
});
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('--database-url (PostgreSQL) attendu');
const seconds = Number(values.seconds);

const database = await openDatabase({ url: databaseUrl });
const [season] = await database.query<{ id: number }>(`SELECT id FROM "FEDE_Saison" WHERE "EST_SaisonCourante"`);
await database.close();
const where = { ID_Saison: { _eq: season?.id ?? 2027 } };

let built = false;
for (let round = 1; round <= Number(values.rounds); round += 1) {
  for (const cachesOff of values['caches-off'].split('|')) {
    const server = await startServerProcess(root, databaseUrl, { env: { BENCH_CACHES_OFF: cachesOff }, build: !built });
    built = true;
    try {
      const token = await login(server.address);
      await repeatedSearch(server.address, token, where, WARMUP_S, false);
      for (const fresh of [false, true]) {
        const postgres = await startPostgresCpu(databaseUrl);
        const before = server.pid ? await cpuTicks(server.pid) : null;
        const result = await repeatedSearch(server.address, token, where, seconds, fresh);
        const after = server.pid ? await cpuTicks(server.pid) : null;
        const postgresMs = await postgres.stop();
        const requests = result.requests.total;
        const serverMs = before === null || after === null ? NaN : (after - before) * 10;
        console.log(
          `tour ${round}, caches coupés : ${cachesOff || 'aucun'}, ${fresh ? 'sans cache (no-cache)' : 'lectures partagées'} : ` +
            `${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${result.errors + result.non2xx} erreurs, ` +
            `CPU serveur ${((serverMs / requests) * 1000).toFixed(0)} µs/req, CPU PostgreSQL ${((postgresMs / requests) * 1000).toFixed(0)} µs/req`,
        );
      }
    } finally {
      await server.stop();
    }
  }
}
