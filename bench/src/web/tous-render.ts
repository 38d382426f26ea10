import { chromium } from 'playwright-core';
import type { Database } from '../../../apps/server/src/db/database';
import type { BenchResult } from '../bench-result';
import { signInBrowser } from './sign-in';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
];
const TARGET_ROWS = 50_000;

/**
 * "Tous" on ~50,000 real rows (bar: rendered <= 300 ms): the flux page of the production
 * build, on the bench database, signed in as the head office. Measured in the page: from
 * the last GraphQL batch's arrival to the first virtualised row in the table.
 */
export async function benchTousRender(address: string, database: Database): Promise<BenchResult[]> {
  const [season] = await database.query<{ id: number }>(`SELECT id FROM "FEDE_Saison" WHERE "EST_SaisonCourante"`);
  const [start] = await database.query<{ day: string }>(
    `SELECT to_char(("Z_DateCreation" AT TIME ZONE 'Europe/Paris')::date, 'YYYY-MM-DD') AS "day"
       FROM "MKP_FluxFinancier" WHERE "ID_Saison" = $1
      ORDER BY "Z_DateCreation" DESC OFFSET $2 LIMIT 1`,
    [season?.id, TARGET_ROWS - 1],
  );
  if (!season || !start) return [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInBrowser(page, address);
    await page.addInitScript(() => {
      const timing = { lastBatchAt: 0, rowsAt: 0 };
      (window as unknown as { fluxTiming: typeof timing }).fluxTiming = timing;
      const originalFetch = window.fetch.bind(window);
      window.fetch = async (...args) => {
        const response = await originalFetch(...args);
        if (String(args[0]).includes('/v1/graphql'))
          await response
            .clone()
            .text()
            .then(() => (timing.lastBatchAt = performance.now()));
        return response;
      };
      new MutationObserver(() => {
        if (!timing.rowsAt && document.querySelector('tbody tr[data-index]')) timing.rowsAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const query = `structureId=1318&saison=${season.id}&debut=${start.day}&taille=tous`;
    await page.goto(`${address}/gestion-des-finances/flux-financiers?${query}`);
    const total = page.getByRole('status').filter({ hasText: /flux$/ });
    await total.waitFor({ timeout: 120_000 });
    await page.locator('tbody tr[data-index]').first().waitFor({ timeout: 120_000 });
    const rows = Number((await total.textContent())?.replace(/\D/g, ''));
    const timing = await page.evaluate(
      () => (window as unknown as { fluxTiming: { lastBatchAt: number; rowsAt: number } }).fluxTiming,
    );
    const renderMs = timing.rowsAt - timing.lastBatchAt;
    // Scroll to the end: the last row must come into view (virtualised, so it is rendered on demand).
    const scroller = page.locator('.MuiTableContainer-root');
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const domRows = await page.locator('tbody tr').count();
    return [
      {
        name: `Web : 'Tous' sur ${rows.toLocaleString('fr-FR')} flux réels, rendu après le dernier lot (${domRows} lignes dans le DOM)`,
        value: renderMs,
        unit: 'ms',
        bar: 300,
        pass: renderMs <= 300 && rows >= TARGET_ROWS,
      },
    ];
  } finally {
    await browser.close();
  }
}
