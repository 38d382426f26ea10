import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportWorkerLike, ToExportWorker } from '../worker/export-protocol';
import { InlineExportWorker } from '../worker/inline-export-worker';
import { RESOLVE_CHUNK_ROWS, runExport } from './run-export';

/** Records what the page posts, then answers like a worker that generated a file. */
function recordingWorker() {
  const worker: ExportWorkerLike & { posted: ToExportWorker[] } = {
    posted: [],
    onmessage: null,
    onerror: null,
    postMessage(message) {
      // Everything posted must survive a structured clone, as with a real Worker.
      worker.posted.push(structuredClone(message));
      if (message.kind === 'end') {
        setTimeout(() => worker.onmessage?.({ data: { kind: 'done', blob: new Blob(['x']), fileName: 'data.xls' } }));
      }
    },
    terminate: vi.fn(),
  };
  return worker;
}

afterEach(() => vi.useRealTimers());

describe('runExport (page side of the worker)', () => {
  it('creates no worker for no rows (R-EXP-10)', async () => {
    const createWorker = vi.fn(recordingWorker);
    expect(await runExport({ rows: [], options: {}, createWorker })).toBeNull();
    expect(createWorker).not.toHaveBeenCalled();
  });

  it('resolves callback fields on the page and posts plain, clonable values in chunks', async () => {
    const worker = recordingWorker();
    const rows = Array.from({ length: RESOLVE_CHUNK_ROWS + 1 }, (_, index) => ({ id: index, debit: index % 2 === 0 }));
    const percents: number[] = [];
    const file = await runExport({
      rows,
      options: {
        type: 'csv',
        header: ['Titre'],
        fields: { 'N°': 'id', Sens: { callback: (row: { debit: boolean }) => (row.debit ? 'Débit' : 'Crédit') } },
      },
      createWorker: () => worker,
      onProgress: (percent) => percents.push(percent),
    });
    expect(file?.fileName).toBe('data.xls');
    const [start, ...rest] = worker.posted;
    expect(start).toEqual({
      kind: 'start',
      columns: ['N°', 'Sens'],
      options: expect.objectContaining({ type: 'csv', header: ['Titre'] }),
    });
    const chunks = rest.filter((message) => message.kind === 'rows');
    expect(chunks.map((chunk) => chunk.byColumn[0]?.length)).toEqual([RESOLVE_CHUNK_ROWS, 1]);
    expect(chunks[0]?.byColumn.map((values) => values[1])).toEqual([1, 'Crédit']);
    expect(rest.at(-1)).toEqual({ kind: 'end' });
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(worker.terminate).toHaveBeenCalled();
  });

  it('stops and terminates the worker when aborted', async () => {
    const worker = new InlineExportWorker();
    const terminate = vi.spyOn(worker, 'terminate');
    const controller = new AbortController();
    const rows = Array.from({ length: RESOLVE_CHUNK_ROWS * 3 }, (_, id) => ({ id }));
    const running = runExport({ rows, options: {}, createWorker: () => worker, signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toThrow('Export annulé');
    expect(terminate).toHaveBeenCalled();
  });

  it('generates a real file through the main-thread fallback', async () => {
    const file = await runExport({
      rows: [{ a: 1 }],
      options: { type: 'csv', name: 'flux' },
      createWorker: () => new InlineExportWorker(),
    });
    expect(file?.fileName).toBe('flux.csv');
    expect(await file?.blob.text()).toContain('"=""1"""');
  });

  it("passes delimiter, decimalSeparator and amountColumns to the worker: the flux page's French CSV (R-EXP-12)", async () => {
    const file = await runExport({
      rows: [{ 'N°': 7, Débit: 1747.2, Licence: '086002' }],
      options: { type: 'csv', delimiter: ';', decimalSeparator: ',', escapeCsv: false, amountColumns: ['Débit'] },
      createWorker: () => new InlineExportWorker(),
    });
    expect((await file?.blob.text())?.split('\r\n')[1]).toBe('7;1747,20;"=""086002"""');
  });
});
