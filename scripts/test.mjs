// `npm test`: every suite, in order, stopping at the first failure.
// First the system tools the suites run (Chromium, xmllint, poppler, LibreOffice, Saxon-HE):
// installed with apt-get when run as root, else it stops at once with the command to run.
// Server suites also run on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set.
import { spawn } from 'node:child_process';
import { ensureSystemTools } from './system-tools.mjs';

const tools = ensureSystemTools();
if (!tools.ok) {
  console.error(tools.message);
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;

// Each stage's steps run at once; a stage starts when the previous one has passed. The static
// checks are single-threaded programs, so on two cores they share the stage's wall time.
const stages = [
  [
    ['Lint', 'npx', ['eslint', '.']],
    ['Format', 'npx', ['prettier', '--check', '.']],
    ['Types (domain, server, seed)', 'npm', ['run', 'typecheck:server']],
    ['Types (web, e2e, bench)', 'npm', ['run', 'typecheck:web']],
    // R-SEC-19: known vulnerabilities of the lockfile, from the vendored advisory database.
    ['Advisories (package-lock.json)', 'node', ['scripts/audit-lockfile.mjs']],
    // Every import declared in its workspace, no file, dependency or export left unused (knip.json).
    ['Unused and undeclared (knip)', 'npx', ['knip', '--no-progress']],
  ],
  [['Domain, server and web (Vitest)', 'npx', ['vitest', 'run', '--project', '!start']]],
  [['Build', 'npm', ['run', 'build']]],
  [['Start script (signals)', 'npx', ['vitest', 'run', '--project', 'start']]],
  [['End-to-end (Playwright, Chromium)', 'npm', ['run', 'test:e2e']]],
];

/** Runs one step; alone it prints as it goes, beside others its output is printed once done. */
function run([label, command, args], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? 'inherit' : 'pipe', env: process.env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n=== ${label} ===\n${Buffer.concat(output).toString()}`);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(code === 0 ? `${label}: ok en ${seconds} s` : `\n${label}: échec (code ${code})`);
      resolve(code ?? 1);
    });
  });
}

console.log(
  process.env.TEST_DATABASE_URL
    ? 'Server suites: PGlite and PostgreSQL'
    : 'Server suites: PGlite only (set TEST_DATABASE_URL for PostgreSQL)',
);
const started = Date.now();
for (const steps of stages) {
  const alone = steps.length === 1;
  if (alone) console.log(`\n=== ${steps[0][0]} ===`);
  const codes = await Promise.all(steps.map((step) => run(step, alone)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
console.log(`\nnpm test : tout est passé en ${((Date.now() - started) / 1000).toFixed(1)} s`);
