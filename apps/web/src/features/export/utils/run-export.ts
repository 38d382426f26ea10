import {
  resolveColumns,
  resolveColumnValues,
  type ExportOptions,
  type ExportRow,
  type GenerateExportOptions,
} from '@gdf/file-formats';
import type { ExportWorkerLike, FromExportWorker } from '../worker/export-protocol';

/** Rows resolved and posted per turn of the event loop (about 2-5 ms of work each). */
export const RESOLVE_CHUNK_ROWS = 5000;
/** Share of the progress bar for resolving rows on the page; the worker fills the rest. */
const RESOLVE_SHARE = 0.2;

export interface RunExportInput {
  rows: readonly ExportRow[];
  options: ExportOptions;
  createWorker: () => ExportWorkerLike;
  /** 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface GeneratedExport {
  blob: Blob;
  fileName: string;
}

/** Only the options the worker needs, all clonable (props may hold functions and nodes). */
function fileOptions(options: ExportOptions): GenerateExportOptions {
  const { type, name, header, footer, worksheet, escapeCsv, stringifyLongNum, timeZone } = options;
  const { delimiter, decimalSeparator, amountColumns } = options;
  return {
    type,
    name,
    header,
    footer,
    worksheet,
    escapeCsv,
    stringifyLongNum,
    timeZone,
    delimiter,
    decimalSeparator,
    amountColumns: amountColumns ? [...amountColumns] : undefined,
  };
}

/**
 * Gives the page a turn (input, paint) between chunks. Not setTimeout(0): browsers clamp
 * nested timers to 4 ms, which would add ~80 ms of idle time to a 100,000-row export.
 */
function nextTurn(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
const abortError = () => new DOMException('Export annulé', 'AbortError');

/**
 * Generates an export file in a worker. Choice (R-EXP-11): `fields` callbacks cannot cross
 * into a worker, so the page resolves every column into plain values itself, in chunks
 * between which it yields to the event loop, and posts each chunk; the worker serialises.
 * No rows -> null, and no worker is created (R-EXP-10).
 */
export async function runExport({ rows, options, createWorker, onProgress, signal }: RunExportInput) {
  if (rows.length === 0) return null;
  const columns = resolveColumns(rows, options.fields);
  const worker = createWorker();
  const report = (share: number) => onProgress?.(Math.min(100, Math.floor(share * 100)));
  const stop = () => worker.terminate();

  const result = new Promise<GeneratedExport | null>((resolve, reject) => {
    worker.onmessage = ({ data }: { data: FromExportWorker }) => {
      if (data.kind === 'progress') report(RESOLVE_SHARE + (1 - RESOLVE_SHARE) * (data.done / data.total));
      else if (data.kind === 'done') resolve({ blob: data.blob, fileName: data.fileName });
      else if (data.kind === 'empty') resolve(null);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => reject(new Error(event.message ?? 'Erreur du worker d’export'));
    signal?.addEventListener('abort', () => reject(abortError()), { once: true });
  });
  result.catch(() => undefined); // observed below; avoids an unhandled rejection meanwhile

  try {
    worker.postMessage({
      kind: 'start',
      columns: columns.map((column) => column.label),
      options: fileOptions(options),
    });
    for (let start = 0; start < rows.length; start += RESOLVE_CHUNK_ROWS) {
      if (signal?.aborted) throw abortError();
      const end = start + RESOLVE_CHUNK_ROWS;
      const byColumn = resolveColumnValues(rows, columns, options.defaultValue ?? '', start, end);
      worker.postMessage({ kind: 'rows', byColumn });
      report(RESOLVE_SHARE * (Math.min(end, rows.length) / rows.length));
      await nextTurn();
    }
    if (signal?.aborted) throw abortError();
    worker.postMessage({ kind: 'end' });
    return await result;
  } finally {
    stop();
  }
}
