import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The machine's build lock: start.mjs builds the web app when it is missing or out of date. */
const BUILD_LOCK = '/tmp/gdf-build.lock';
/** Waiting for the lock and building may take minutes on a busy machine; nothing here is timed. */
const PATIENCE_MS = 30 * 60_000;

/** Holds the build lock until the returned function is called. */
async function holdBuildLock() {
  const holder = spawn('flock', [BUILD_LOCK, 'sh', '-c', 'echo held; read _'], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    holder.stdout.once('data', resolve);
    holder.once('exit', (code) => reject(new Error(`flock ${BUILD_LOCK} : code ${code}`)));
  });
  return () => holder.stdin.end();
}

/** Whether `pid` is a live process (an exited one waiting to be reaped is not). */
function alive(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  return !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
}

/** The processes started by `pid`, and theirs. */
function descendants(pid) {
  const file = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const commandLine = (pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

/** Whether a new connection to `port` is accepted. */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * `command` as a service manager starts it, on an embedded database in `dataDir`, holding the
 * build lock until the server answers: { child, server (its pid), port, exited, output }.
 */
async function startServer(command, args, dataDir) {
  const release = await holdBuildLock();
  try {
    const env = { ...process.env, DATA_DIR: dataDir, SEED_DEMO_DATA: 'never', PORT: '0', HOST: '127.0.0.1' };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS']) delete env[name];
    env.LOG_LEVEL = 'info';
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const port = await new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const found = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
        if (found) resolve(Number(found[1]));
      });
      child.once('exit', (code) =>
        reject(new Error(`${command} arrêté (code ${code}) avant d'être prêt :\n${output}`)),
      );
    });
    const server = descendants(child.pid).find((pid) => commandLine(pid).includes('apps/server/dist/server.js'));
    return { child, server, port, exited, output: () => output };
  } finally {
    release();
  }
}

/**
 * Stopping the server by its start script's PID (R-OPS-04): `node scripts/start.mjs` forwards
 * SIGTERM to the server, which closes gracefully, and exits with it; `npm start` execs the
 * script, so npm's own SIGTERM reaches it too; and a start script killed outright takes the
 * server with it. Real processes on the built app (built first, under the build lock, when
 * out of date).
 */
describe('stopping npm start', () => {
  let dataDir;
  const started = [];
  const start = async (command, args) => {
    const running = await startServer(command, args, dataDir);
    started.push(running);
    return running;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gdf-start-'));
  });
  afterAll(async () => {
    for (const { child, server } of started)
      for (const pid of [server, child.pid]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'SIGTERM to node scripts/start.mjs: the server closes gracefully and both exit 0',
    async () => {
      const running = await start(process.execPath, ['scripts/start.mjs']);
      expect(running.server, running.output()).toBeGreaterThan(0);
      expect(await accepts(running.port)).toBe(true);
      process.kill(running.child.pid, 'SIGTERM');
      expect(await running.exited, running.output()).toEqual({ code: 0, signal: null });
      expect(running.output()).toContain('arrêt en cours');
      expect(alive(running.server)).toBe(false);
      expect(await accepts(running.port)).toBe(false);
    },
    PATIENCE_MS,
  );

  it(
    'SIGTERM to npm start: npm, the start script and the server all stop',
    async () => {
      const running = await start('npm', ['start']);
      const script = descendants(running.child.pid).find((pid) => commandLine(pid).includes('scripts/start.mjs'));
      expect(script, running.output()).toBeGreaterThan(0);
      process.kill(running.child.pid, 'SIGTERM');
      await running.exited;
      await vi.waitFor(() => expect([script, running.server].filter(alive)).toEqual([]), { timeout: 60_000 });
      // What the server wrote before it stopped may still be in the pipe, unread: read on.
      await vi.waitFor(() => expect(running.output()).toContain('arrêt en cours'), { timeout: 10_000 });
      expect(await accepts(running.port)).toBe(false);
    },
    PATIENCE_MS,
  );

  it(
    'SIGKILL to the start script: the server notices and stops too',
    async () => {
      const running = await start(process.execPath, ['scripts/start.mjs']);
      process.kill(running.child.pid, 'SIGKILL');
      await vi.waitFor(() => expect(alive(running.server)).toBe(false), { timeout: 60_000 });
      expect(await accepts(running.port)).toBe(false);
    },
    PATIENCE_MS,
  );
});
