import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';

export interface ServerProcess {
  address: string;
  /** The server's process id (its CPU time is read from /proc); none in this process. */
  pid?: number;
  stop(): Promise<void>;
}

/**
 * The production server (apps/server/dist/server.js, rebuilt first) in its own process on
 * PostgreSQL, started as `npm start` starts it (its Node flags and environment, ADR 0042 and 0044): the load
 * generator never shares the server's event loop.
 */
export async function startServerProcess(
  root: string,
  /** null: the embedded database (PGlite) under the DATA_DIR given in `options.env`. */
  databaseUrl: string | null,
  /** More environment (BENCH_CACHES_OFF); `build: false` reuses the server built by an earlier start. */
  options: { env?: Record<string, string>; build?: boolean } = {},
): Promise<ServerProcess> {
  if (options.build !== false) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@gdf/server'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('Construction du serveur impossible');
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SERVER_ENVIRONMENT,
    NODE_ENV: 'production',
    ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl }),
    JWT_SECRET: randomBytes(32).toString('hex'),
    // PostgreSQL refuses the demo ICS (R-SEPA-07): a test identifier with valid check digits.
    SEPA_CREDITOR_ICS: process.env.SEPA_CREDITOR_ICS ?? 'FR19ZZZ654321',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    // A bench measures its own work: no month's recaps issued meanwhile (R-RECAP-05).
    MONTHLY_RECAP_SCHEDULE: 'off',
    ...options.env,
  };
  if (databaseUrl === null) delete env.DATABASE_URL;
  // BENCH_SERVER_NODE_FLAGS: more Node flags for the server only, to look inside a run (e.g.
  // `--cpu-prof --cpu-prof-dir=/tmp/prof`); the figures of a run with them are not the product's.
  const extraFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...extraFlags, path.join(root, 'apps/server/dist/server.js')],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Le serveur n'a pas démarré en 60 s :\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Le serveur s'est arrêté (code ${code}) :\n${output}`));
    });
  });
  return {
    address,
    ...(child.pid ? { pid: child.pid } : {}),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
