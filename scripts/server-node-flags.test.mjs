import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

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

describe('the Node.js flags of the server process (scripts/server-node-flags.mjs, ADR 0042)', () => {
  it('cap the young generation at 2 x 8 MB, where Node’s default grows it to 2 x 16 MB', () => {
    expect(youngGenerationBytes([])).toBeGreaterThan(16 * MB);
    expect(youngGenerationBytes(SERVER_NODE_FLAGS)).toBeLessThanOrEqual(16 * MB);
  });
});
