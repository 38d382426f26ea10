import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { BenchResult } from '../bench-result';
import { signInBrowser } from './sign-in';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
];

/**
 * The dashboard's initial JavaScript, gzipped (bar 250 KB): every script the browser
 * fetches to show the signed-in dashboard of the production build, measured in Chromium.
 */
export async function benchDashboardJs(address: string): Promise<BenchResult[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await signInBrowser(page, address);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(
          response.body().then(
            (body) => gzipSync(body, { level: 9 }).length,
            () => 0,
          ),
        );
      }
    });
    await page.goto(`${address}/gestion-des-finances`, { waitUntil: 'networkidle' });
    await page.getByText('Recherche flux financiers').first().waitFor({ timeout: 30_000 });
    const kilobytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0) / 1024;
    return [
      {
        name: 'Web : JavaScript initial du tableau de bord (gzip)',
        value: kilobytes,
        unit: 'KB',
        bar: 250,
        pass: kilobytes <= 250,
      },
    ];
  } finally {
    await browser.close();
  }
}
