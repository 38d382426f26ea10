/**
 * PDF bench (R-PERF-04): the invoice drawn by the product (pdfkit, vector text,
 * embedded subset fonts) against the original's path (html2pdf.js in headless Chromium) on
 * the same invoice, side by side in one run. Bars: <= 15 ms median warm, <= 40 KB, i.e.
 * >= 8x faster and >= 8x smaller; the Factur-X invoice (R-FACT-12): <= 15 ms, <= 60 KB. Alone: `npx tsx bench/src/pdf/pdf.bench.ts`.
 */
import type { BenchResult } from '../bench-result';
import { pathToFileURL } from 'node:url';
import { buildInvoiceDocument } from '@gdf/domain';
import { facturXml } from '../../../apps/server/src/modules/flux-documents/factur-x-invoice';
import { renderInvoicePdf } from '../../../apps/server/src/modules/flux-documents/invoice-pdf';
import { html2pdfInChromium } from './html2pdf-chromium';
import { invoiceHtml } from './invoice-html';
import { sampleInvoice, sampleInvoiceInput } from './sample-invoice';

const WARMUP = 30;
const ITERATIONS = 200;
// html2pdf.js costs ~100x more per run; 30 runs give a stable median in a few seconds.
const BROWSER_WARMUP = 3;
const BROWSER_ITERATIONS = 30;
const BARS = { ms: 15, kb: 40, facturXKb: 60, speedup: 8, shrink: 8 };
/** The reference figures (R-PERF-04) for html2pdf.js (informational rows). */
const REFERENCE = { ms: 135, kb: 328 };

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Wall-clock median (the bar), and the CPU-time median beside it: on a shared 2-core
 * machine the wall clock also counts time spent waiting for a core.
 */
async function pdfkitMedian(
  render: () => Promise<Buffer>,
): Promise<{ medianMs: number; cpuMedianMs: number; bytes: number }> {
  for (let i = 0; i < WARMUP; i++) await render();
  const wall: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const pdf = await render();
    const cpuUsed = process.cpuUsage(cpuStarted);
    wall.push(performance.now() - started);
    cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
    bytes = pdf.length;
  }
  return { medianMs: median(wall), cpuMedianMs: median(cpu), bytes };
}

/** R-FACT-12: the Factur-X invoice as issued, its CII XML built and schema-checked, then PDF/A-3b with it. */
async function renderFacturX(): Promise<Buffer> {
  const input = sampleInvoiceInput();
  const xml = await facturXml(input);
  if (xml === null) throw new Error('sample invoice: no Factur-X XML');
  return renderInvoicePdf(buildInvoiceDocument(input), input.flux.createdAt, xml);
}

export async function benchPdf(): Promise<BenchResult[]> {
  const ours = await pdfkitMedian(() => renderInvoicePdf(sampleInvoice()));
  const facturX = await pdfkitMedian(renderFacturX);
  const theirs = await html2pdfInChromium(invoiceHtml(sampleInvoice()), BROWSER_WARMUP, BROWSER_ITERATIONS);
  const speedup = theirs.medianMs / ours.medianMs;
  const shrink = theirs.bytes / ours.bytes;
  return [
    {
      name: 'PDF facture pdfkit, médiane à chaud',
      value: round(ours.medianMs),
      unit: 'ms',
      bar: BARS.ms,
      pass: ours.medianMs <= BARS.ms,
    },
    {
      name: 'PDF facture pdfkit, temps CPU médian',
      value: round(ours.cpuMedianMs),
      unit: 'ms',
      bar: BARS.ms,
      pass: ours.cpuMedianMs <= BARS.ms,
    },
    {
      name: 'PDF facture pdfkit, taille',
      value: round(ours.bytes / 1024, 1),
      unit: 'KB',
      bar: BARS.kb,
      pass: ours.bytes <= BARS.kb * 1024,
    },
    {
      name: 'Facture Factur-X (XML CII vérifié + PDF/A-3b), médiane à chaud',
      value: round(facturX.medianMs),
      unit: 'ms',
      bar: BARS.ms,
      pass: facturX.medianMs <= BARS.ms,
    },
    {
      name: 'Facture Factur-X, temps CPU médian',
      value: round(facturX.cpuMedianMs),
      unit: 'ms',
      bar: BARS.ms,
      pass: facturX.cpuMedianMs <= BARS.ms,
    },
    {
      name: 'Facture Factur-X, taille',
      value: round(facturX.bytes / 1024, 1),
      unit: 'KB',
      bar: BARS.facturXKb,
      pass: facturX.bytes <= BARS.facturXKb * 1024,
    },
    {
      name: 'PDF facture html2pdf.js (Chromium), médiane — référence',
      value: round(theirs.medianMs, 1),
      unit: 'ms',
      bar: REFERENCE.ms,
      pass: true,
      reference: true,
    },
    {
      name: 'PDF facture html2pdf.js (Chromium), taille — référence',
      value: round(theirs.bytes / 1024, 1),
      unit: 'KB',
      bar: REFERENCE.kb,
      pass: true,
      reference: true,
    },
    {
      name: 'PDF pdfkit plus rapide que html2pdf.js (au moins)',
      value: round(speedup, 1),
      unit: 'x',
      bar: BARS.speedup,
      pass: speedup >= BARS.speedup,
      direction: 'min',
    },
    {
      name: 'PDF pdfkit plus petit que html2pdf.js (au moins)',
      value: round(shrink, 1),
      unit: 'x',
      bar: BARS.shrink,
      pass: shrink >= BARS.shrink,
      direction: 'min',
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await benchPdf();
  console.table(results);
  process.exitCode = results.every((result) => result.pass) ? 0 : 1;
}
