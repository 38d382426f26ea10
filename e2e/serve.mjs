// Starts the built server on a brand-new embedded database with a small demo data set, made
// first as `npm start` makes it (packages/seed/src/first-run.ts).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.join(here, '.data');
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '4310',
  HOST: '127.0.0.1',
  SEED_FLUX: '3000',
  SEED_SCALE: 'small',
  LOG_LEVEL: 'warn',
});
delete process.env.DATABASE_URL;
const firstRun = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(here, '..', 'packages', 'seed', 'src', 'first-run.ts')],
  {
    cwd: path.join(here, '..'),
    stdio: 'inherit',
  },
);
if (firstRun.status !== 0) process.exit(firstRun.status ?? 1);
// Open direct debits for the SEPA, relaunch and viewport suites (open-debits.ts).
const openDebits = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'open-debits.ts')], {
  cwd: path.join(here, '..'),
  stdio: 'inherit',
});
if (openDebits.status !== 0) process.exit(openDebits.status ?? 1);
await import('../apps/server/dist/server.js');
