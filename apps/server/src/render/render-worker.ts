import { runRenderTask, type RenderTask } from './render-tasks';

/**
 * A render worker's entry (piscina calls the default export with each task). Built as
 * dist/render-worker.js beside the server; run from its source through render-worker-source.mjs.
 * Fonts are read and parsed once per worker, at its first document (pdf/fonts.ts).
 */
export default function render(task: RenderTask) {
  return runRenderTask(task);
}
