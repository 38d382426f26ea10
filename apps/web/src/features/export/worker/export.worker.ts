import { createExportJob } from './export-job';
import type { FromExportWorker, ToExportWorker } from './export-protocol';

// The generation runs here, off the page's thread (R-EXP-11: the page
// stays responsive). Typed locally so the file needs no WebWorker lib beside DOM.
interface ExportWorkerScope {
  postMessage(message: FromExportWorker): void;
  onmessage: ((event: MessageEvent<ToExportWorker>) => void) | null;
}

const scope = self as unknown as ExportWorkerScope;
const handle = createExportJob((message) => scope.postMessage(message));
scope.onmessage = (event) => void handle(event.data);
