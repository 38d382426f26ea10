// `npm test`: every suite, in order, stopping at the first failure.
// First the system tools the suites run (Chromium, xmllint, poppler, LibreOffice, Saxon-HE):
// installed with apt-get when run as root, else it stops at once with the command to run.
// Server suites also run on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set.
import { spawnSync } from 'node:child_process';
import { ensureSystemTools } from './system-tools.mjs';

const tools = ensureSystemTools();
if (!tools.ok) {
  console.error(tools.message);
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;

const steps = [
  ['Lint', 'npx', ['eslint', '.']],
  ['Format', 'npx', ['prettier', '--check', '.']],
  ['Types', 'npm', ['run', 'typecheck']],
  ['Domain, server and web (Vitest)', 'npx', ['vitest', 'run']],
  ['Build', 'npm', ['run', 'build']],
  ['End-to-end (Playwright, Chromium)', 'npm', ['run', 'test:e2e']],
];

console.log(
  process.env.TEST_DATABASE_URL
    ? 'Server suites: PGlite and PostgreSQL'
    : 'Server suites: PGlite only (set TEST_DATABASE_URL for PostgreSQL)',
);
for (const [label, command, args] of steps) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n${label}: échec (code ${result.status})`);
    process.exit(result.status ?? 1);
  }
  console.log(`${label}: ok en ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
