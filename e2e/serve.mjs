// Starts the built server on a brand-new embedded database with a small demo data set, made
// first as `npm start` makes it (packages/seed/src/first-run.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

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
// A real SMTP server (the npm smtp-server package, as a relay runs it) receives what the app
// sends (R-MAIL-06 with SMTP_URL); each message is kept as a .eml file the specs read back.
const received = path.join(dataDir, 'smtp-recu');
mkdirSync(received, { recursive: true });
let count = 0;
const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 20 * 1024 * 1024,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      count += 1;
      writeFileSync(path.join(received, `${String(count).padStart(4, '0')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, '127.0.0.1', resolve);
});
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.server.address().port}`;
await import('../apps/server/dist/server.js');
