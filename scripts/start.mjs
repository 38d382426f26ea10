// `npm start`: builds what is missing or out of date, makes the embedded database with its demo
// data on the first run (packages/seed, ADR 0038), then runs the one server process.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

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

function ensureBuilt(label, output, sources, command, args) {
  if (existsSync(output) && statSync(output).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log(`Construction : ${label}...`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const domain = at('packages', 'domain', 'src');
ensureBuilt(
  'application web',
  at('apps', 'web', 'dist', 'index.html'),
  [at('apps', 'web', 'src'), at('apps', 'web', 'index.html'), domain],
  'npm',
  ['run', 'build', '-w', '@gdf/web'],
);
ensureBuilt('serveur', at('apps', 'server', 'dist', 'server.js'), [at('apps', 'server', 'src'), domain], 'node', [
  at('apps', 'server', 'build.mjs'),
]);

// The first run, in its own process before the server's: the production server carries no generator.
const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : at('data');
const firstRun =
  !process.env.DATABASE_URL &&
  process.env.SEED_DEMO_DATA !== 'never' &&
  !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
if (firstRun) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', at('packages', 'seed', 'src', 'first-run.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, at('apps', 'server', 'dist', 'server.js')], {
  cwd: root,
  env: { ...process.env, ...SERVER_ENVIRONMENT },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
