import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportWorkerLike, ToExportWorker } from '../worker/export-protocol';
import { InlineExportWorker } from '../worker/inline-export-worker';
import { ExportButton } from './ExportButton';

const flux = [
  {
    id: 1,
    NomFluxFinancier: 'Affiliation',
    MontantTTC: 120,
    EST_Debit: true,
    STR_Structure: { NomStructure: 'Club A' },
  },
  { id: 2, NomFluxFinancier: 'Avoir', MontantTTC: 30, EST_Debit: false, STR_Structure: { NomStructure: 'Club B' } },
];
type Flux = (typeof flux)[number];

let createObjectURL: ReturnType<typeof vi.fn<(blob: Blob) => string>>;
let downloads: Array<{ name: string; href: string }>;

beforeEach(() => {
  createObjectURL = vi.fn(() => 'blob:export');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/**
 * Fake timers that also follow the real clock (so Testing Library's polling and userEvent
 * go on): a test moves them on to show that nothing happens in a given time, without waiting.
 */
const fakeTimers = () => vi.useFakeTimers({ shouldAdvanceTime: true });
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const inlineWorker = vi.fn(() => new InlineExportWorker());

describe('ExportButton: no rows (R-EXP-10: export generation does nothing when there are no rows)', () => {
  it('creates no worker and downloads nothing for empty data', async () => {
    fakeTimers();
    const createWorker = vi.fn(() => new InlineExportWorker());
    render(<ExportButton data={[]} createWorker={createWorker} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await elapse(20);
    expect(createWorker).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(downloads).toEqual([]);
  });

  it('creates no worker when fetch supplies no rows', async () => {
    const createWorker = vi.fn(() => new InlineExportWorker());
    const fetch = vi.fn(async () => []);
    fakeTimers();
    render(<ExportButton fetch={fetch} createWorker={createWorker} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    await elapse(20);
    expect(createWorker).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});

describe('ExportButton: fetch (R-EXP-10: an optional function supplies rows when none are given)', () => {
  it('shows an indeterminate progress while fetching, then nothing when the rows are empty', async () => {
    let supply: (rows: object[]) => void = () => undefined;
    const fetch = () => new Promise<object[]>((resolve) => (supply = resolve));
    render(<ExportButton fetch={fetch} createWorker={inlineWorker} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    expect(await screen.findByText('Préparation de l’export…')).toBeInTheDocument();
    supply([]);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(downloads).toEqual([]);
  });

  it('ignores fetch when data is given', async () => {
    const fetch = vi.fn(async () => flux);
    render(<ExportButton data={flux} fetch={fetch} type="csv" createWorker={inlineWorker} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(downloads.map((download) => download.name)).toEqual(['data.csv']));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('ExportButton: download (R-EXP-01, R-EXP-02)', () => {
  it('downloads data.xls as application/vnd.ms-excel by default, with the French label', async () => {
    render(<ExportButton data={flux} createWorker={inlineWorker} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(downloads).toEqual([{ name: 'data.xls', href: 'blob:export' }]));
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('application/vnd.ms-excel');
    expect(await blob.text()).toContain('<x:Name>Sheet1</x:Name>');
  });

  it('downloads a csv with the swapped name, the fields and callbacks resolved', async () => {
    render(
      <ExportButton
        type="csv"
        name="flux-financiers.xls"
        escapeCsv={false}
        data={flux}
        fields={{
          'N° de flux': 'id',
          Structure: 'STR_Structure.NomStructure',
          Débit: { callback: (row: Flux) => (row.EST_Debit ? row.MontantTTC : null) },
        }}
        defaultValue="-"
        createWorker={inlineWorker}
      >
        Exporter en CSV
      </ExportButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(downloads.map((download) => download.name)).toEqual(['flux-financiers.csv']));
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
    expect(text).toBe('\uFEFFN° de flux,Structure,Débit\r\n1,Club A,120\r\n2,Club B,-\r\n');
  });

  it('uses fetch when data is not given and calls beforeGenerate then beforeFinish before the download', async () => {
    const calls: string[] = [];
    render(
      <ExportButton
        type="html"
        fetch={async () => (calls.push('fetch'), flux)}
        beforeGenerate={() => calls.push('beforeGenerate')}
        beforeFinish={() => calls.push(`beforeFinish:${downloads.length}`)}
        createWorker={inlineWorker}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(downloads.map((download) => download.name)).toEqual(['data.html']));
    expect(calls).toEqual(['beforeGenerate', 'fetch', 'beforeFinish:0']);
  });
});

/** A worker that reports progress and never finishes, to look at the running state. */
function stalledWorker() {
  const worker: ExportWorkerLike & { posted: ToExportWorker[] } = {
    posted: [],
    onmessage: null,
    onerror: null,
    postMessage(message) {
      worker.posted.push(message);
      if (message.kind === 'end')
        setTimeout(() => worker.onmessage?.({ data: { kind: 'progress', done: 1, total: 2 } }));
    },
    terminate: vi.fn(),
  };
  return worker;
}

describe('ExportButton: progress and cancel (R-EXP-11: progress shown)', () => {
  it('shows the percentage and Annuler terminates the worker without downloading', async () => {
    const worker = stalledWorker();
    render(<ExportButton data={flux} createWorker={() => worker} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    expect(await screen.findByText('60 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progression de l’export' })).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(worker.terminate).toHaveBeenCalled());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeEnabled();
    expect(downloads).toEqual([]);
  });

  it('Annuler while the rows are fetched aborts the fetch, and a new export can start at once', async () => {
    const signals: AbortSignal[] = [];
    const fetchRows = vi.fn(
      (signal: AbortSignal) =>
        new Promise<Flux[]>((resolve) => {
          signals.push(signal);
          // The first fetch only ends long after the cancel; the second answers at once.
          setTimeout(() => resolve(flux), signals.length === 1 ? 200 : 0);
        }),
    );
    fakeTimers();
    render(<ExportButton type="csv" fetch={fetchRows} createWorker={inlineWorker} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(signals[0]?.aborted).toBe(true);
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(downloads.map((download) => download.name)).toEqual(['data.csv']));
    expect(fetchRows).toHaveBeenCalledTimes(2);
    // The cancelled fetch ending later (200 ms) downloads nothing more.
    await elapse(250);
    expect(downloads).toHaveLength(1);
  });

  it('a cancelled export that ends late neither hides the new one nor downloads', async () => {
    let calls = 0;
    const fetchRows = vi.fn((signal: AbortSignal) => {
      const call = ++calls;
      return new Promise<Flux[]>((resolve, reject) => {
        // The first fetch settles 100 ms after its abort; the second takes a second.
        if (call === 1)
          signal.addEventListener('abort', () => setTimeout(() => reject(new DOMException('a', 'AbortError')), 100));
        else setTimeout(() => resolve(flux), 1_000);
      });
    });
    fakeTimers();
    render(<ExportButton type="csv" fetch={fetchRows} createWorker={inlineWorker} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    await elapse(300);
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    await elapse(700);
    await waitFor(() => expect(downloads.map((download) => download.name)).toEqual(['data.csv']));
    expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
  });

  it('shows the error message when the worker fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const worker = stalledWorker();
    worker.postMessage = (message) => {
      if (message.kind === 'end') setTimeout(() => worker.onmessage?.({ data: { kind: 'error', message: 'boom' } }));
    };
    render(<ExportButton data={flux} createWorker={() => worker} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter' }));
    expect(await screen.findByText('Oups, une erreur est survenue...')).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });
});
