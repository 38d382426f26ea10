import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'file-formats', include: ['src/**/*.test.ts'], environment: 'node' },
});
