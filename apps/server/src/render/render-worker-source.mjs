// The render worker run from its TypeScript source (tests, tsx, the first run): tsx compiles it in
// the worker thread. The built server starts dist/render-worker.js instead (apps/server/build.mjs).
import { register } from 'tsx/esm/api';

register();
const { default: render } = await import('./render-worker.ts');
export default render;
