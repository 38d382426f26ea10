import type { ExportOptions, ExportRow } from '@gdf/file-formats';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveBlob } from '@/lib/save-file';
import { runExport } from '../utils/run-export';
import type { ExportWorkerLike } from '../worker/export-protocol';
import { InlineExportWorker } from '../worker/inline-export-worker';

/** The production path: a module Web Worker; the same job on the main thread where Worker is missing. */
export function createExportWorker(): ExportWorkerLike {
  if (typeof Worker === 'undefined') return new InlineExportWorker();
  const worker = new Worker(new URL('../worker/export.worker.ts', import.meta.url), { type: 'module' });
  return worker as unknown as ExportWorkerLike;
}

/** An export to run: the original component's options plus where the rows come from. */
export interface ExportRequest extends ExportOptions {
  data?: readonly ExportRow[] | null;
  /**
   * Supplies the rows when `data` is not given (e.g. every row matching the filters);
   * the signal aborts when the user cancels.
   */
  fetch?: (signal: AbortSignal) => Promise<readonly ExportRow[] | null | undefined>;
  /** Called first, before the rows are read. */
  beforeGenerate?: () => unknown;
  /** Called once the file is ready, just before the download starts. */
  beforeFinish?: () => unknown;
}

export type ExportState =
  | { status: 'idle' }
  /** percent null while the rows are being fetched. */
  | { status: 'running'; percent: number | null }
  | { status: 'error' };

/** Runs exports one at a time, with progress, cancellation and the download at the end. */
export function useExport(createWorker: () => ExportWorkerLike = createExportWorker) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async (request: ExportRequest) => {
      if (running.current) return;
      const controller = new AbortController();
      running.current = controller;
      // A cancelled run may end after a new one started: only the current run shows its
      // state, and a cancelled one never downloads.
      const current = () => running.current === controller && !controller.signal.aborted;
      const show = (next: ExportState) => {
        if (current()) setState(next);
      };
      try {
        await request.beforeGenerate?.();
        let rows = request.data;
        if (!rows && request.fetch) {
          show({ status: 'running', percent: null });
          rows = await request.fetch(controller.signal);
        }
        if (!current()) return;
        // R-EXP-10: no rows, nothing generated, nothing downloaded.
        if (!rows?.length) return show({ status: 'idle' });
        show({ status: 'running', percent: 0 });
        const file = await runExport({
          rows,
          options: request,
          createWorker,
          signal: controller.signal,
          onProgress: (percent) => show({ status: 'running', percent }),
        });
        if (file && current()) {
          await request.beforeFinish?.();
          saveBlob(file.blob, file.fileName);
        }
        show({ status: 'idle' });
      } catch (error) {
        if (!current()) return;
        setState({ status: 'error' });
        console.error(error);
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [createWorker],
  );

  /** Stops the fetch or the generation at once; the button is usable again right away. */
  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, cancel };
}
