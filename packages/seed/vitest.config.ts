import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'seed', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
});
