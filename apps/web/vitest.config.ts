import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // A test with several findBy* steps on a loaded 2-core machine: Vitest's 5 s default is
      // too short; a missing element still fails at asyncUtilTimeout (src/test/setup.ts).
      testTimeout: 30_000,
    },
  }),
);
