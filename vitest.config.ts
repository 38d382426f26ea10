import { defineConfig } from 'vitest/config';

// One Vitest run, one project per workspace (each has its own vitest.config.ts), and the
// root scripts' own tests (npm test's preflight).
export default defineConfig({
  test: {
    projects: [
      'packages/file-formats',
      'packages/domain',
      'apps/server',
      'packages/seed',
      'apps/web',
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          // The start script's test runs the built app: npm test runs it after the build.
          exclude: ['scripts/start.test.mjs'],
          environment: 'node',
          // They spawn Node processes: seconds each on a loaded 2-core machine.
          testTimeout: 60_000,
        },
      },
      { test: { name: 'start', include: ['scripts/start.test.mjs'], environment: 'node' } },
    ],
    // Two cores: integration files each open their own database, two at a time.
    maxWorkers: 2,
  },
});
