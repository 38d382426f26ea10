import { defineConfig } from 'vitest/config';

// One Vitest run, one project per workspace (each has its own vitest.config.ts).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    // Two cores: integration files each open their own database, two at a time.
    maxWorkers: 2,
  },
});
