import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const MB = 1024 * 1024;

// Allocates like a server rendering documents (many short-lived objects, a few thousand kept
// at a time), then prints V8's young generation size.
const ALLOCATE_AND_MEASURE = `
  const v8 = require('node:v8');
  let kept = [];
  for (let i = 0; i < 3e6; i++) { kept.push({ i, text: 'ligne ' + i }); if (kept.length > 50000) kept = []; }
  const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  console.log(young.space_size);
`;

/** The young generation's size after that allocation, in a Node process started with `flags`. */
function youngGenerationBytes(flags) {
  const run = spawnSync(process.execPath, [...flags, '-e', ALLOCATE_AND_MEASURE], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.trim());
}

// Frees a 4 MB buffer (glibc gave it its own mapping), then allocates eight of 400 kB and
// prints by how much the process heap ([heap] in /proc/self/maps) grew, in kB.
const HEAP_GROWTH_AFTER_LARGE_BUFFERS = `
  const fs = require('node:fs');
  const heapBytes = () => {
    const line = fs.readFileSync('/proc/self/maps', 'utf8').split('\\n').find((l) => l.endsWith('[heap]'));
    const [start, end] = line.split(' ')[0].split('-').map((hex) => parseInt(hex, 16));
    return end - start;
  };
  let big = Buffer.allocUnsafeSlow(4 << 20).fill(1);
  big = null;
  globalThis.gc();
  setTimeout(() => {
    const before = heapBytes();
    const kept = [];
    for (let i = 0; i < 8; i++) kept.push(Buffer.allocUnsafeSlow(400 * 1024).fill(1));
    console.log(Math.round((heapBytes() - before) / 1024));
  }, 100);
`;

/** That growth, in a Node process with `environment` added. */
function heapGrowthKilobytes(environment) {
  const run = spawnSync(process.execPath, ['--expose-gc', '-e', HEAP_GROWTH_AFTER_LARGE_BUFFERS], {
    encoding: 'utf8',
    env: { ...process.env, ...environment },
  });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.trim());
}

describe('the Node.js flags and environment of the server process (scripts/server-node-flags.mjs, ADR 0042, ADR 0044)', () => {
  it('cap the young generation at 2 x 8 MB, where Node’s default grows it to 2 x 16 MB', () => {
    expect(youngGenerationBytes([])).toBeGreaterThan(16 * MB);
    expect(youngGenerationBytes(SERVER_NODE_FLAGS)).toBeLessThanOrEqual(16 * MB);
  });

  it('give large buffers their own mappings, where glibc by default takes them from the heap once a larger one was freed', () => {
    expect(heapGrowthKilobytes({})).toBeGreaterThanOrEqual(3000);
    expect(heapGrowthKilobytes(SERVER_ENVIRONMENT)).toBeLessThan(256);
  });
});
