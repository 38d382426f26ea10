// Bundles the server into dist/server.js: our code, @gdf/domain and @gdf/file-formats (TypeScript source)
// are bundled; npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@gdf/'));

await build({
  // The render worker beside the server: src/render/render-pool.ts starts dist/render-worker.js (ADR 0053).
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    'render-worker': new URL('./src/render/render-worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Read only to map a logged error's stack (src/lib/source-stack.ts): positions, not the sources' text.
  sourcesContent: false,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('apps/server/dist/server.js et render-worker.js construits');
