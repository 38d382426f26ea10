import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // One template database per run, copied by each file (test/integration/support/templates.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The files of a worker share one module graph (Fastify, drizzle, GraphQL schema, fonts,
    // PGlite's WebAssembly), loaded once instead of once per file: far less CPU per run.
    // So a file that changes shared state (vi.mock, spies, env, fake timers) restores it.
    isolate: false,
  },
});
