/**
 * No user's work blocks another's (R-OPS-08 to R-OPS-11, ADR 0053), measured against one
 * production server process: one club asks for 60 relevés de compte at once, then three
 * users each ask for a document pack (the three the service builds at once), then the head
 * office validates its last ended fiscal year (a durable job). Meanwhile `/api/health` is
 * asked every 50 ms and another user (comite@demo.fr) runs the flux search as the page sends
 * it (no shared read: Cache-Control: no-cache), one after the other; a login every second.
 * The bars: health p99 <= 200 ms, the other user's search p95 <= 2 x its idle p95 (measured
 * first, the server idle). On the PostgreSQL bench database and on the PGlite one.
 *
 * Each run starts from the same state: the club's relevés issued earlier are removed (the
 * day's quota counts them), the ledger is emptied, the packs read flux none of whose factures
 * is stored yet (every pack renders and stores its documents on first read).
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { EMPTY_FLUX_FILTERS, parisToday } from '@gdf/domain';
import type { Database } from '../../../apps/server/src/db/database';
import { DEMO_SEPA_ICS } from '../../../apps/server/src/modules/exports-sepa/sepa-settings';
import { issueMissingDocuments } from '../../../apps/server/src/modules/flux-documents/issue-documents';
import type { BenchResult } from '../bench-result';
import { emptyLedgerTables } from '../ledger/ledger.bench';
import { startServerProcess, type ServerProcess } from '../load/server-process';
import { openBenchDatabase } from '../search/bench-database';
import { PAGE_QUERY } from '../search/search-scenarios';

export const ATTACK_BARS = { healthP99Ms: 200, searchRatio: 2 };
const RELEVES = 60;
const PACK_USERS = ['siege@demo.fr', 'super.admin@demo.fr', 'ligue@demo.fr'] as const;
const PASSWORD = 'demo1234';
const HEALTH_EVERY_MS = 50;
/** Idle searches measured before the attack (after a few to warm up). */
const IDLE_SEARCHES = 60;
/** The validation runs at least this long under measure (then it is cancelled when still running). */
const VALIDATION_WINDOW_MS = 30_000;
/** The attack is measured at most this long. */
const MAX_ATTACK_MS = 240_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export interface AttackEngine {
  engine: 'PostgreSQL' | 'PGlite';
  /** PostgreSQL: its URL; PGlite: null (the bench's data directory of `flux` flux). */
  databaseUrl: string | null;
  flux: number;
}

interface Session {
  token: string;
}

async function login(address: string, email: string): Promise<Session> {
  const response = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`Connexion de ${email} refusée : ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { token };
}

/** What the attack reads and where it starts from, prepared on the bench database before the server opens it. */
async function prepare(database: Database, log: (line: string) => void) {
  const issued = await issueMissingDocuments(database, { creditorIdentifier: DEMO_SEPA_ICS }, { batchSize: 50_000 });
  if (issued > 0) log(`  documents émis d'abord pour ${issued.toLocaleString('fr-FR')} flux`);
  const structureOf = async (email: string) => {
    const [row] = await database.query<{ id: number }>(
      `SELECT su."ID_Structure" AS id FROM "UTI_Login" l
         JOIN "STR_StructureUtilisateur" su ON su."ID_Utilisateur" = l."ID_Utilisateur"
        WHERE l."Email" = $1 ORDER BY su.id LIMIT 1`,
      [email],
    );
    if (!row) throw new Error(`Compte ${email} absent de la base de bench`);
    return row.id;
  };
  const club = await structureOf('club@demo.fr');
  const ligue = await structureOf('ligue@demo.fr');
  // The day's quota counts the relevés issued: those of an earlier run go (their rows are frozen by a trigger).
  await database.transaction(async (tx) => {
    await tx.query(`ALTER TABLE "MKP_ReleveCompteEmis" DISABLE TRIGGER "mkp_releve_compte_emis_fige"`);
    await tx.query(`DELETE FROM "MKP_ReleveCompteEmis" WHERE "ID_Structure" = $1`, [club]);
    await tx.query(`ALTER TABLE "MKP_ReleveCompteEmis" ENABLE TRIGGER "mkp_releve_compte_emis_fige"`);
  });
  await emptyLedgerTables(database);
  await database.query(`DELETE FROM "APP_Traitement" WHERE "Statut" IN ('en_attente', 'en_cours')`);
  await database.query(`DELETE FROM "LIM_Place"`);
  // Pack groups: a structure's season of at most 1,000 flux none of whose factures is stored
  // yet (two for the head office's users, the ligue's own for the third).
  const groups = await database.query<{ structure: number; season: number; n: number }>(
    `SELECT f."ID_Structure" AS structure, f."ID_Saison" AS season, count(*)::int AS n FROM "MKP_FluxFinancier" f
      WHERE f."ID_Structure" <> $1
      GROUP BY 1, 2 HAVING count(*) <= 1000
         AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" g JOIN "MKP_DocumentEmis" e ON e."ID_FluxFinancier" = g.id
                          WHERE g."ID_Structure" = f."ID_Structure" AND g."ID_Saison" = f."ID_Saison")
      ORDER BY count(*) DESC, 1, 2 LIMIT 2`,
    [ligue],
  );
  const [ligueGroup] = await database.query<{ structure: number; season: number; n: number }>(
    `SELECT f."ID_Structure" AS structure, f."ID_Saison" AS season, count(*)::int AS n FROM "MKP_FluxFinancier" f
      WHERE f."ID_Structure" = $1
      GROUP BY 1, 2 HAVING count(*) <= 1000
         AND NOT EXISTS (SELECT 1 FROM "MKP_FluxFinancier" g JOIN "MKP_DocumentEmis" e ON e."ID_FluxFinancier" = g.id
                          WHERE g."ID_Structure" = f."ID_Structure" AND g."ID_Saison" = f."ID_Saison")
      ORDER BY count(*) DESC, 2 LIMIT 1`,
    [ligue],
  );
  const packs = [...groups, ...(ligueGroup ? [ligueGroup] : [])];
  if (packs.length < PACK_USERS.length) throw new Error('Base de bench : pas assez de flux sans document stocké');
  const [season] = await database.query<{ from: string; to: string }>(
    `SELECT "DateDebut"::text AS "from", "DateFin"::text AS "to" FROM "FEDE_Saison" WHERE "EST_SaisonCourante" ORDER BY id DESC LIMIT 1`,
  );
  return { club, packs, season: season! };
}

/** The search page's first page and capped count, for the user's current season, never shared. */
async function search(address: string, token: string, seasonId: number): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  try {
    const response = await fetch(`${address}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
      body: JSON.stringify({ query: PAGE_QUERY, variables: { where: { ID_Saison: { _eq: seasonId } } } }),
    });
    const body = await response.text();
    return { ms: performance.now() - started, ok: response.ok && !body.includes('"errors"') };
  } catch {
    return { ms: performance.now() - started, ok: false };
  }
}

/** One request's time and status; 0 when the connection failed (reset, refused). */
async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

/** Runs the attack against a started server; the figures of this engine. */
async function attack(
  server: ServerProcess,
  engine: AttackEngine,
  target: Awaited<ReturnType<typeof prepare>>,
  log: (line: string) => void,
): Promise<BenchResult[]> {
  const { address } = server;
  const club = await login(address, 'club@demo.fr');
  const other = await login(address, 'comite@demo.fr');
  const packers = await Promise.all(PACK_USERS.map((email) => login(address, email)));
  const siege = packers[0]!;
  const seasons = await fetch(`${address}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}` },
    body: JSON.stringify({ query: '{ FEDE_Saison(where: {EST_SaisonCourante: {_eq: true}}) { id } }' }),
  });
  const seasonId = ((await seasons.json()) as { data: { FEDE_Saison: Array<{ id: number }> } }).data.FEDE_Saison[0]!.id;

  // Idle: the other user's search and health, the server doing nothing else.
  for (let i = 0; i < 10; i++) await search(address, other.token, seasonId);
  const idleSearch: number[] = [];
  for (let i = 0; i < IDLE_SEARCHES; i++) idleSearch.push((await search(address, other.token, seasonId)).ms);
  const idleHealth: number[] = [];
  for (let i = 0; i < 60; i++) idleHealth.push((await timed(`${address}/api/health`)).ms);
  const idleSearchP95 = percentile(idleSearch, 95);
  log(
    `  au repos : recherche p95 ${idleSearchP95.toFixed(1)} ms (p50 ${percentile(idleSearch, 50).toFixed(1)}), santé p99 ${percentile(idleHealth, 99).toFixed(1)} ms`,
  );

  // The probes, until the attack is over.
  let attacking = true;
  const health: number[] = [];
  const healthErrors: number[] = [];
  const searches: number[] = [];
  let searchErrors = 0;
  const logins: number[] = [];
  const probes = [
    (async () => {
      while (attacking) {
        const { ms, status } = await timed(`${address}/api/health`);
        health.push(ms);
        if (status !== 200) healthErrors.push(status);
        await sleep(HEALTH_EVERY_MS);
      }
    })(),
    (async () => {
      while (attacking) {
        const { ms, ok } = await search(address, other.token, seasonId);
        searches.push(ms);
        if (!ok) searchErrors++;
        await sleep(20);
      }
    })(),
    (async () => {
      while (attacking) {
        const { ms, status } = await timed(`${address}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'comite@demo.fr', password: PASSWORD }),
        });
        if (status === 200) logins.push(ms);
        await sleep(1_000);
      }
    })(),
  ];

  const started = performance.now();
  // 1. The club's 60 relevés at once, each a period of its own (every one a new statement).
  const statementStatuses = new Map<number, number>();
  const statements = Promise.all(
    Array.from({ length: RELEVES }, async (_, index) => {
      const to = new Date(Date.parse(`${target.season.from}T12:00:00Z`) + (index + 30) * 86_400_000);
      const au = [to.toISOString().slice(0, 10), parisToday()].sort()[0]!;
      const du = new Date(Date.parse(`${au}T12:00:00Z`) - (365 + index) * 86_400_000).toISOString().slice(0, 10);
      const { status } = await timed(
        `${address}/api/structures/${target.club}/releve-de-compte?du=${du}&au=${au}&format=pdf`,
        { headers: { authorization: `Bearer ${club.token}` } },
      );
      statementStatuses.set(status, (statementStatuses.get(status) ?? 0) + 1);
    }),
  ).then(() => performance.now() - started);
  await sleep(1_000);
  // 2. Three packs, one per user.
  const packStatuses: number[] = [];
  const packs = Promise.all(
    packers.map(async (user, index) => {
      const group = target.packs[index]!;
      try {
        const response = await fetch(`${address}/api/flux/documents/pack.zip?structureId=${group.structure}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${user.token}`,
            'content-type': 'application/json',
            ...(index < 2 ? { 'x-structure-id': '1318' } : {}),
          },
          body: JSON.stringify({
            filters: { ...EMPTY_FLUX_FILTERS, season: group.season, structureId: group.structure },
            kinds: ['facture'],
          }),
        });
        if (response.body) for await (const chunk of response.body) void chunk;
        packStatuses.push(response.status);
      } catch {
        packStatuses.push(0);
      }
    }),
  ).then(() => performance.now() - started);
  await sleep(1_000);
  // 3. The head office validates its last ended fiscal year (a job: 202, then followed).
  const headers = { authorization: `Bearer ${siege.token}`, 'x-structure-id': '1318' };
  const years = (await (await fetch(`${address}/api/parametrages-comptables/exercices`, { headers })).json()) as {
    exercices: Array<{ id: number; fin: string }>;
  };
  const year = years.exercices.filter((y) => y.fin < parisToday()).at(-1);
  if (!year) throw new Error('Aucun exercice terminé pour le siège');
  const validationStarted = performance.now();
  const validation = await fetch(`${address}/api/parametrages-comptables/exercices/${year.id}/validation`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ jusquau: year.fin }),
  });
  const validationBody = (await validation.json()) as { traitement?: { id: number } };
  const jobId = validationBody.traitement?.id;
  let validationState = validation.status === 200 ? 'terminée' : `HTTP ${validation.status}`;
  let jobDone = validation.status === 200;
  const jobWatch = (async () => {
    while (jobId && !jobDone) {
      await sleep(1_000);
      const job = (await (await fetch(`${address}/api/traitements/${jobId}`, { headers })).json()) as {
        statut?: string;
        fait?: number;
        total?: number;
      };
      validationState = `${job.statut ?? '?'} ${job.fait ?? 0}/${job.total ?? '?'}`;
      if (job.statut && !['en_attente', 'en_cours'].includes(job.statut)) jobDone = true;
    }
  })();
  const [statementsMs, packsMs] = await Promise.all([statements, packs]);
  while (
    !jobDone &&
    performance.now() - validationStarted < VALIDATION_WINDOW_MS &&
    performance.now() - started < MAX_ATTACK_MS
  )
    await sleep(250);
  attacking = false;
  await Promise.all(probes);
  const attackMs = performance.now() - started;
  if (jobId && !jobDone)
    await fetch(`${address}/api/traitements/${jobId}/annulation`, { method: 'POST', headers }).catch(() => undefined);
  jobDone = true;
  await jobWatch;

  const healthP99 = percentile(health, 99);
  const searchP95 = percentile(searches, 95);
  const statusList = [...statementStatuses].map(([status, n]) => `${n} x ${status}`).join(', ');
  log(
    `  attaque : ${RELEVES} relevés en ${(statementsMs / 1000).toFixed(1)} s (${statusList}), lots ${packStatuses.join('/')} en ${(packsMs / 1000).toFixed(1)} s, validation ${validationState}`,
  );
  log(
    `  pendant ${(attackMs / 1000).toFixed(1)} s : santé p99 ${healthP99.toFixed(0)} ms (max ${Math.max(...health).toFixed(0)}, ${health.length} appels, ${healthErrors.length} erreurs), ` +
      `recherche p95 ${searchP95.toFixed(0)} ms (p50 ${percentile(searches, 50).toFixed(0)}, max ${Math.max(...searches).toFixed(0)}, ${searches.length} recherches, ${searchErrors} erreurs), ` +
      `connexion p95 ${percentile(logins, 95).toFixed(0)} ms (${logins.length})`,
  );
  const label = `${engine.engine}, ${engine.flux.toLocaleString('fr-FR')} flux`;
  return [
    {
      name: `${label} : /api/health pendant l’attaque (p99 ; ${health.length} appels, max ${Math.max(...health).toFixed(0)} ms, ${healthErrors.length} erreurs ; ${RELEVES} relevés : ${statusList} ; lots ${packStatuses.join('/')} ; validation ${validationState})`,
      value: Number(healthP99.toFixed(1)),
      unit: 'ms',
      bar: ATTACK_BARS.healthP99Ms,
      pass: healthP99 <= ATTACK_BARS.healthP99Ms && healthErrors.length === 0,
    },
    {
      name: `${label} : recherche d’un autre utilisateur pendant l’attaque (p95 ; au repos ${idleSearchP95.toFixed(1)} ms, barre 2 x ; ${searches.length} recherches, ${searchErrors} erreurs)`,
      value: Number(searchP95.toFixed(1)),
      unit: 'ms',
      bar: Number((ATTACK_BARS.searchRatio * idleSearchP95).toFixed(1)),
      pass: searchP95 <= ATTACK_BARS.searchRatio * idleSearchP95 && searchErrors === 0,
    },
    {
      name: `${label} : connexion pendant l’attaque (p95, ${logins.length} connexions)`,
      value: Number(percentile(logins, 95).toFixed(0)),
      unit: 'ms',
      bar: ATTACK_BARS.healthP99Ms,
      pass: true,
      reference: true,
    },
    {
      name: `${label} : durée de l’attaque mesurée (relevés ${(statementsMs / 1000).toFixed(1)} s, lots ${(packsMs / 1000).toFixed(1)} s)`,
      value: Number((attackMs / 1000).toFixed(1)),
      unit: 's',
      bar: 0,
      pass: true,
      reference: true,
    },
  ];
}

/** The attack on one engine: its bench database prepared, one production server started on it. */
export async function benchAttack(
  root: string,
  engine: AttackEngine,
  log: (line: string) => void,
  options: { build?: boolean } = {},
): Promise<BenchResult[]> {
  const database = await openBenchDatabase(
    engine.databaseUrl ? { databaseUrl: engine.databaseUrl, flux: engine.flux } : { flux: engine.flux },
    log,
  );
  let target;
  try {
    target = await prepare(database, log);
  } finally {
    // PGlite: one process opens its directory at a time, the server next.
    await database.close();
  }
  // The server opens DATA_DIR/pglite: the bench's directory moved there for the run (PGlite
  // follows no symbolic link), and back after.
  const benchDir = path.resolve(root, 'bench/.data', `pglite-${engine.flux}`);
  const dataDir = engine.databaseUrl ? null : path.resolve(root, 'bench/.data', `attaque-${engine.flux}`);
  const env: Record<string, string> = {};
  if (dataDir) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    renameSync(benchDir, path.join(dataDir, 'pglite'));
    env.DATA_DIR = dataDir;
  }
  // BENCH_SERVER_ROOT: another checkout's built server (apps/server/dist), to measure before and after a change.
  const serverRoot = process.env.BENCH_SERVER_ROOT;
  let server: ServerProcess;
  try {
    server = serverRoot
      ? await startServerProcess(path.resolve(serverRoot), engine.databaseUrl, { env, build: false })
      : await startServerProcess(root, engine.databaseUrl, { env, build: options.build ?? true });
  } catch (error) {
    if (dataDir) renameSync(path.join(dataDir, 'pglite'), benchDir);
    throw error;
  }
  try {
    return await attack(server, engine, target, log);
  } finally {
    await server.stop();
    if (dataDir) {
      renameSync(path.join(dataDir, 'pglite'), benchDir);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
