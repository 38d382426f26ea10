/**
 * The limits every instance shares (R-SEC-21, ADR 0049), measured with two production server
 * processes on one PostgreSQL database: 70 relevés de compte of one structure asked 24 at a time,
 * half of them through each instance, must issue exactly the day's quota (50) and
 * refuse the rest with the French 429; ten wrong passwords for one account at once, spread
 * over both, must check five. On a database of its own (gdf_bench_limites), made from nothing
 * with the small demo data and dropped at the end: gdf_bench is not touched.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ACCOUNT_STATEMENT_MESSAGES, MAX_NEW_STATEMENTS_PER_DAY } from '@gdf/domain';
import { seedDemoData } from '@gdf/seed';
import { openDatabase } from '../../../apps/server/src/db/database';
import type { BenchResult } from '../bench-result';
import { startServerProcess, type ServerProcess } from '../load/server-process';

const DATABASE = 'gdf_bench_limites';
const REQUESTS = 70;
/**
 * Requests in flight at once: as many as one user may have running or waiting on each instance
 * (R-OPS-09: 2 running and 10 waiting, HEAVY_WORK_QUEUE_PER_USER; beyond, refused at once), so
 * every request reaches the quota's check, and the quota is crossed by requests of both
 * instances issuing at the same time.
 */
const IN_FLIGHT = 2 * (2 + 10);
const GUESSES = 10;

/** Runs `sql` on the server's maintenance database (CREATE / DROP DATABASE). */
async function onServer(databaseUrl: string, sql: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The `message` of a JSON answer, or null. */
function messageOf(body: Buffer): string | null {
  try {
    return (JSON.parse(body.toString('utf8')) as { message?: string }).message ?? null;
  } catch {
    return null;
  }
}

async function login(server: ServerProcess, email: string, password = 'demo1234'): Promise<Response> {
  return fetch(`${server.address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

export async function benchSharedLimits(
  root: string,
  serverUrl: string,
  log: (line: string) => void,
): Promise<BenchResult[]> {
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const databaseUrl = url.toString();
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${DATABASE}`);
  const database = await openDatabase({ url: databaseUrl, statementTimeoutMs: 0 });
  const servers: ServerProcess[] = [];
  try {
    log(`Base ${DATABASE} : données de démonstration (petite échelle)...`);
    await seedDemoData(database, { flux: 1_500, scale: 'small' });
    // One deployment: the same JWT secret, so a token signed by one instance is good on the other.
    const env = { JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' };
    servers.push(await startServerProcess(root, databaseUrl, { env }));
    servers.push(await startServerProcess(root, databaseUrl, { env, build: false }));
    const [one, two] = servers as [ServerProcess, ServerProcess];

    const signedIn = await login(one, 'club@demo.fr');
    if (!signedIn.ok) throw new Error(`Connexion refusée : ${signedIn.status}`);
    const { token } = (await signedIn.json()) as { token: string };
    const [club] = await database.query<{ id: number }>(
      `SELECT su."ID_Structure" AS id FROM "UTI_Login" l
         JOIN "STR_StructureUtilisateur" su ON su."ID_Utilisateur" = l."ID_Utilisateur"
        WHERE l."Email" = 'club@demo.fr' ORDER BY su.id LIMIT 1`,
    );
    const structureId = club!.id;

    log(`${REQUESTS} relevés de compte, ${IN_FLIGHT} à la fois, la moitié à chaque instance...`);
    const started = performance.now();
    const answers: { status: number; body: Buffer }[] = [];
    let next = 0;
    // Each instance has its own IN_FLIGHT / 2 askers, taking the next request in turn.
    const ask = async (server: ServerProcess) => {
      for (let index = next++; index < REQUESTS; index = next++) {
        const to = new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);
        const response = await fetch(
          `${server.address}/api/structures/${structureId}/releve-de-compte?du=2026-01-01&au=${to}&format=pdf`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        answers.push({ status: response.status, body: Buffer.from(await response.arrayBuffer()) });
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, asker) => ask([one, two][asker % 2]!)));
    const seconds = (performance.now() - started) / 1000;
    const issued = answers.filter((answer) => answer.status === 200).length;
    const refusal = ACCOUNT_STATEMENT_MESSAGES.dailyLimit(MAX_NEW_STATEMENTS_PER_DAY);
    const refusedInFrench = answers.filter(
      (answer) => answer.status === 429 && messageOf(answer.body) === refusal,
    ).length;
    const [stored] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MKP_ReleveCompteEmis" WHERE "ID_Structure" = $1`,
      [structureId],
    );
    const statuses = Object.entries(
      answers.reduce<Record<number, number>>(
        (count, { status }) => ({ ...count, [status]: (count[status] ?? 0) + 1 }),
        {},
      ),
    ).map(([status, n]) => `${n} x ${status}`);
    log(
      `  ${issued} émis (${stored?.n} enregistrés), ${refusedInFrench} refusés en 429 pour le quota, en ${seconds.toFixed(1)} s (${statuses.join(', ')})`,
    );

    log(`${GUESSES} mauvais mots de passe en même temps pour un compte, sur les deux instances...`);
    const guesses = await Promise.all(
      Array.from({ length: GUESSES }, (_, index) => login([one, two][index % 2]!, 'comite@demo.fr', `faux${index}`)),
    );
    const checked = guesses.filter((response) => response.status === 401).length;
    log(`  ${checked} vérifiés, ${guesses.filter((response) => response.status === 429).length} refusés en 429`);

    return [
      {
        name: `Deux instances, ${REQUESTS} relevés de compte d’une structure demandés ${IN_FLIGHT} à la fois : relevés émis (exactement le quota du jour ; ${refusedInFrench} refusés en 429)`,
        value: issued,
        unit: 'relevés',
        bar: MAX_NEW_STATEMENTS_PER_DAY,
        pass:
          issued === MAX_NEW_STATEMENTS_PER_DAY &&
          stored?.n === MAX_NEW_STATEMENTS_PER_DAY &&
          refusedInFrench === REQUESTS - MAX_NEW_STATEMENTS_PER_DAY,
      },
      {
        name: `Deux instances, ${REQUESTS} relevés de compte demandés ${IN_FLIGHT} à la fois : durée (référence)`,
        value: seconds,
        unit: 's',
        bar: seconds,
        pass: true,
        reference: true,
      },
      {
        name: `Deux instances, ${GUESSES} mauvais mots de passe d’un compte à la fois : mots de passe vérifiés`,
        value: checked,
        unit: 'essais',
        bar: 5,
        pass: checked === 5,
      },
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.close();
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  }
}
