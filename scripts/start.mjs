// `npm start`: builds what is missing or out of date, then runs the one server process.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const server = spawn(process.execPath, ['--enable-source-maps', at('apps', 'server', 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
