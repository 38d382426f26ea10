import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { runRenderTask, type RenderResult, type RenderTask } from './render-tasks';

/** Renders documents: in worker threads (the server), or in the caller's thread. */
export interface DocumentRenderer {
  render<T extends RenderTask>(task: T): Promise<WithBuffers<RenderResult<T>>>;
  /** Worker threads rendering; 0: the caller's thread. */
  readonly threads: number;
  /** Tasks waiting for a thread (0 in the caller's thread). */
  queued(): number;
  close(): Promise<void>;
}

/** The results' bytes as Buffers, wherever they were rendered. */
type WithBuffers<T> = T extends Uint8Array
  ? Buffer
  : T extends null
    ? null
    : T extends object
      ? { [K in keyof T]: WithBuffers<T[K]> }
      : T;

/**
 * Render threads of a process (RENDER_THREADS): by default one less than the cores, at least
 * one, so the event loop and the database keep a core; 0 renders in the request's thread.
 */
export function renderThreadsSetting(env: NodeJS.ProcessEnv = process.env): number {
  const set = env.RENDER_THREADS?.trim();
  if (set !== undefined && set !== '') {
    const value = Number(set);
    if (!Number.isInteger(value) || value < 0 || value > 64)
      throw new Error('RENDER_THREADS doit être un nombre entier de 0 à 64');
    return value;
  }
  return Math.max(1, availableParallelism() - 1);
}

/**
 * A worker that rendered nothing for this long ends (its memory given back); the next task
 * starts one. A worker that rendered a pack of 1,000 invoices holds about 45 MB of heap and
 * 24 MB outside it (fonts, libxml2's WebAssembly memory): kept a minute, the next pack of
 * stored invoices started from it and peaked near 290 MB; kept 10 s, it was still there when
 * the pack's ZIP had been downloaded and the next pack began (221 MB). Ended after 3 s, the
 * server is back near its idle size first (R-PERF-07, bench/RESULTS.md, ADR 0042). A worker run
 * from the sources (tests) compiles itself at each start: it stays 10 s.
 */
const IDLE_WORKER_MS = { built: 3_000, sources: 10_000 } as const;
/**
 * Render threads run at a lower priority (nice +10, Linux): when the cores are busy, the event
 * loop (health, logins, searches) and the database are served first.
 */
const WORKER_NICE_INCREMENT = 10;

/** Renders in the caller's thread: the bytes a worker would give, the event loop held meanwhile. */
export const inThreadRenderer: DocumentRenderer = {
  threads: 0,
  async render(task) {
    return asBuffers(await runRenderTask(task)) as never;
  },
  queued: () => 0,
  async close() {},
};

/** One pool per process and size, shared by every app the process builds (tests build many). */
const pools = new Map<number, Piscina>();

/**
 * A pool of `threads` worker threads (piscina) rendering documents off the event loop
 * (R-OPS-08, ADR 0053); `threads` 0 is the in-thread renderer. One worker starts at once and
 * loads the fonts, so the first document does not wait for it; workers end after IDLE_WORKER_MS
 * idle and an idle one never keeps the process alive (piscina unrefs it), so closing is left to them.
 */
export function createRenderPool(threads: number = renderThreadsSetting()): DocumentRenderer {
  if (threads <= 0) return inThreadRenderer;
  let pool = pools.get(threads);
  if (!pool) {
    pool = startPool(threads);
    pools.set(threads, pool);
    pool.run({ kind: 'prechauffage' } satisfies RenderTask).catch(() => undefined);
  }
  const shared = pool;
  return {
    threads,
    async render(task) {
      return asBuffers(await shared.run(task)) as never;
    },
    queued: () => shared.queueSize,
    async close() {},
  };
}

function startPool(threads: number): Piscina {
  const worker = workerFile();
  return new Piscina({
    filename: worker.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: worker.built ? IDLE_WORKER_MS.built : IDLE_WORKER_MS.sources,
    // The worker's event loop runs between tasks (libxml2-wasm, stream callbacks).
    atomics: 'async',
    niceIncrement: WORKER_NICE_INCREMENT,
    // The young generation as the server's own (--max-semi-space-size=8, ADR 0042). An old
    // generation capped at 256 MB (far above a worker's ~25 MB live) makes V8 grow it by 1.3x
    // its live size between full collections instead of up to 4x (ADR 0042).
    resourceLimits: { maxYoungGenerationSizeMb: 24, maxOldGenerationSizeMb: 256 },
  });
}

/** dist/render-worker.js beside the built server; from the sources, the worker through tsx. */
function workerFile(): { href: string; built: boolean } {
  const built = new URL('./render-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { href: built.href, built: true };
  return { href: new URL('./render-worker-source.mjs', import.meta.url).href, built: false };
}

/** A worker's bytes come back as Uint8Arrays: the same memory seen as Buffers. */
function asBuffers(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, asBuffers(inner)]));
}
