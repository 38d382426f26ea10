import { defineConfig } from 'vitest/config';

export default defineConfig({
  // A loaded 2-core machine runs a property test or a spawned process several times slower than a
  // quiet one: the timeout is the server's, not Vitest's 5 s default.
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
