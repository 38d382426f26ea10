import { createExportJob } from './export-job';
import type { ExportWorkerLike, FromExportWorker, ToExportWorker } from './export-protocol';

/**
 * Runs the same job as export.worker.ts on the main thread, behind the Worker interface:
 * used where `Worker` does not exist (tests in happy-dom, very old browsers). Messages are
 * delivered asynchronously and in order, like a real worker's.
 */
export class InlineExportWorker implements ExportWorkerLike {
  onmessage: ExportWorkerLike['onmessage'] = null;
  onerror: ExportWorkerLike['onerror'] = null;
  private terminated = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly handle = createExportJob((message) => this.deliver(message), {
    yieldBetweenChunks: true,
    isStopped: () => this.terminated,
  });

  postMessage(message: ToExportWorker): void {
    if (this.terminated) return;
    this.queue = this.queue.then(() => (this.terminated ? undefined : this.handle(message)));
  }

  terminate(): void {
    this.terminated = true;
  }

  private deliver(message: FromExportWorker): void {
    setTimeout(() => {
      if (!this.terminated) this.onmessage?.({ data: message });
    }, 0);
  }
}
