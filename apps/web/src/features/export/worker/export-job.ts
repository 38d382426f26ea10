import { appendColumnValues, generateExportFile, type ExportCell, type GenerateExportOptions } from '@gdf/file-formats';
import type { FromExportWorker, ToExportWorker } from './export-protocol';

interface ExportJobOptions {
  /** Main-thread fallback: give the page a turn between chunks. */
  yieldBetweenChunks?: boolean;
  /** Main-thread fallback: stop at the next chunk once terminated. */
  isStopped?: () => boolean;
}

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The worker's side of the protocol, shared by export.worker.ts and the main-thread
 * fallback: collects the rows, then runs the domain's `generateExportFile` and posts a Blob.
 */
export function createExportJob(post: (message: FromExportWorker) => void, job: ExportJobOptions = {}) {
  let columns: string[] = [];
  let options: GenerateExportOptions = {};
  let rows: ExportCell[][] = [];

  async function generate() {
    const file = await generateExportFile({ columns, rows }, options, async (done, total) => {
      if (job.isStopped?.()) throw new Error('Export arrêté');
      post({ kind: 'progress', done, total });
      if (job.yieldBetweenChunks) await nextTurn();
    });
    rows = [];
    if (!file) return post({ kind: 'empty' });
    post({ kind: 'done', blob: new Blob(file.parts, { type: file.mimeType }), fileName: file.fileName });
  }

  return async function handle(message: ToExportWorker): Promise<void> {
    if (message.kind === 'start') {
      ({ columns, options } = message);
      rows = [];
    } else if (message.kind === 'rows') {
      appendColumnValues(rows, message.byColumn);
    } else {
      try {
        await generate();
      } catch (error) {
        post({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    }
  };
}
