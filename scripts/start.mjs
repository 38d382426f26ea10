// `npm start`: builds what is missing or out of date, makes the embedded database with its demo
// data on the first run (packages/seed, ADR 0038), then runs the one server process.
//
// Each step is a child process this one answers for: SIGTERM or SIGINT sent to this process
// goes to the step running (the server closes gracefully, the build or first run stops), no
// later step starts, and this process exits with the step's code. A service manager signals
// this process's PID (`node scripts/start.mjs`); `npm start` execs it, so npm's SIGTERM reaches it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

let running = null;
let stopping = null;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = signal;
    if (running) running.kill(signal);
    else process.exit(128 + constants.signals[signal]);
  });

/** Runs one step; when it fails or this process was asked to stop, exits with its code. */
function step(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    running = child;
    child.once('error', (error) => {
      console.error(`${command} : ${error.message}`);
      process.exit(1);
    });
    child.once('exit', (code, signal) => {
      running = null;
      const status = code ?? 128 + (constants.signals[signal] ?? 0);
      if (status !== 0 || stopping) process.exit(status);
      resolve();
    });
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

async function ensureBuilt(label, output, sources, command, args) {
  if (existsSync(output) && statSync(output).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log(`Construction : ${label}...`);
  await step(command, args);
}

const domain = at('packages', 'domain', 'src');
await ensureBuilt(
  'application web',
  at('apps', 'web', 'dist', 'index.html'),
  [at('apps', 'web', 'src'), at('apps', 'web', 'index.html'), domain],
  'npm',
  ['run', 'build', '-w', '@gdf/web'],
);
await ensureBuilt('serveur', at('apps', 'server', 'dist', 'server.js'), [at('apps', 'server', 'src'), domain], 'node', [
  at('apps', 'server', 'build.mjs'),
]);

// The first run, in its own process before the server's: the production server carries no generator.
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : at('data');
const firstRun =
  !process.env.DATABASE_URL &&
  process.env.SEED_DEMO_DATA !== 'never' &&
  !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
if (firstRun) await step(process.execPath, ['--import', 'tsx', at('packages', 'seed', 'src', 'first-run.ts')]);

// The IPC channel lets the server notice this process dying without a word (SIGKILL) and stop too.
await step(process.execPath, [...SERVER_NODE_FLAGS, at('apps', 'server', 'dist', 'server.js')], {
  env: { ...process.env, ...SERVER_ENVIRONMENT },
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
