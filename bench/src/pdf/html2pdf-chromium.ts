import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

/**
 * The original's PDF path (R-DOC-06: html2canvas at scale 2, JPEG, portrait A4),
 * run by html2pdf.js inside Debian's headless Chromium. Times are taken inside the page,
 * from the call to the finished PDF blob.
 */
export interface BrowserPdfRun {
  medianMs: number;
  bytes: number;
}

declare const html2pdf: () => {
  set(options: object): ReturnType<typeof html2pdf>;
  from(element: Element): ReturnType<typeof html2pdf>;
  outputPdf(type: 'blob'): Promise<Blob>;
};

export async function html2pdfInChromium(html: string, warmup: number, iterations: number): Promise<BrowserPdfRun> {
  const bundle = createRequire(import.meta.url).resolve('html2pdf.js/dist/html2pdf.bundle.min.js');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--headless'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent(html);
    await page.addScriptTag({ path: bundle });
    return await page.evaluate(
      async ({ warmup, iterations }) => {
        const element = document.getElementById('invoice')!;
        const options = {
          margin: 0,
          image: { type: 'jpeg', quality: 0.95 },
          html2canvas: { scale: 2, logging: false },
          jsPDF: { unit: 'mm', format: 'a4', orientation: 'portrait' },
        };
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < warmup + iterations; i++) {
          const started = performance.now();
          const blob = await html2pdf().set(options).from(element).outputPdf('blob');
          if (i >= warmup) times.push(performance.now() - started);
          bytes = blob.size;
        }
        times.sort((a, b) => a - b);
        return { medianMs: times[Math.floor(times.length / 2)]!, bytes };
      },
      { warmup, iterations },
    );
  } finally {
    await browser.close();
  }
}
