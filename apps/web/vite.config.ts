import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on 3000 in development; the SPA proxies to it
// so the browser sees one origin, as in production where the server serves dist/.
const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // '@/lib/...' rather than '../../../lib/...': features may only reach shared code this way (eslint).
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for local debugging, not referenced by the bundles; the server never serves them in production.
    sourcemap: 'hidden',
    rollupOptions: {
      // packages/domain is pure code (R-ARCH-01) but does not say so in its
      // package.json; without this, importing one helper pulls in every zod schema.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/domain/') },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/v1': { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/v1': { target: apiServer, changeOrigin: false },
    },
  },
});
