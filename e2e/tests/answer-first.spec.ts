import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

// Each test signs in, searches, downloads and runs axe-core: tens of seconds on a loaded
// 2-core machine (another suite beside it), so a longer budget than Playwright's 30 s.
test.describe.configure({ timeout: 120_000 });

// R-UI-15, R-UI-16: a treasurer's tasks from the dashboard, timed as the clicks and keys the
// test makes (every click and every key press below goes through a counter).
const VIEWPORTS = [
  { name: '1366x768', width: 1366, height: 768 },
  { name: '390x844', width: 390, height: 844 },
] as const;

const results = (page: Page) => page.getByRole('table').or(page.getByRole('list', { name: /^Résultats/ }));
const totalText = (page: Page) => page.getByRole('status').filter({ hasText: /flux$/ });
const searchCard = (page: Page) =>
  page.getByRole('list', { name: 'Modules' }).getByRole('link', { name: /Recherche flux financiers/ });
const fluxNumberField = (page: Page) => page.getByRole('textbox', { name: 'N° de flux ou de facture' });

/** The entries of a ZIP (its end-of-central-directory record) and whether it holds the summary. */
function zipSummary(zip: Buffer): { entries: number; withSommaire: boolean } {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  return { entries: zip.readUInt16LE(end + 10), withSommaire: zip.includes('sommaire.csv') };
}

/** Opens the dashboard as the club, ready for the first click or key; the club's token. */
async function clubDashboard(page: Page): Promise<string> {
  const token = await signIn(page, 'club@demo.fr');
  await page.goto('/gestion-des-finances');
  await expect(searchCard(page)).toBeVisible();
  return token;
}

/** The unpaid flux of the search shown: each row's status badge says 'impaye'. */
async function expectOnlyUnpaid(page: Page) {
  const statuses = () =>
    results(page)
      .locator('[data-status]')
      .evaluateAll((badges) => [...new Set(badges.map((badge) => badge.getAttribute('data-status')))]);
  await expect.poll(statuses, { timeout: 20_000 }).toEqual(['impaye']);
}

/** The count of the search shown, read before a dialog hides the page from the accessibility tree. */
async function shownTotal(page: Page): Promise<number> {
  const total = Number((await totalText(page).textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  return total;
}

/** The pack downloaded from the open dialog holds one document per flux found, and its summary. */
async function expectPackOfTotal(total: number, download: Promise<Download>) {
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^documents-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(zipSummary(await readFile(await file.path()))).toEqual({ entries: total + 1, withSommaire: true });
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("a club's unpaid invoices as a ZIP in at most 4 clicks from the dashboard", async ({ page }) => {
      await clubDashboard(page);
      let clicks = 0;
      const click = async (target: Locator) => {
        clicks += 1;
        await target.click();
      };
      await click(searchCard(page));
      // R-UI-15: the club's season is on screen without 'Rechercher'.
      await expect(page).toHaveURL(/saison=\d+/);
      await expect(results(page).first()).toBeVisible();
      await click(page.getByRole('button', { name: 'Impayés seulement' }));
      await expect(page).toHaveURL(/statut=impaye/);
      await expectOnlyUnpaid(page);
      const total = await shownTotal(page);
      await click(page.getByRole('button', { name: 'Télécharger les documents' }));
      const dialog = page.getByRole('dialog', { name: 'Télécharger les documents des flux trouvés' });
      const download = page.waitForEvent('download');
      await click(dialog.getByRole('button', { name: 'Télécharger', exact: true }));
      await expectPackOfTotal(total, download);
      test.info().annotations.push({ type: 'clicks', description: `${viewport.name}: ${clicks}` });
      expect(clicks).toBeLessThanOrEqual(4);
      await expectNoAxeViolations(page, `unpaid pack dialog at ${viewport.name}`);
    });

    test('a flux found from its printed invoice number typed in one field', async ({ page }) => {
      const token = await clubDashboard(page);
      // The club's flux of an earlier season: its printed number names that season (R-SEARCH-23).
      const numbers = await page.request.post('/v1/graphql', {
        data: {
          query: '{ MKP_FluxFinancier(order_by: [{ ID_Saison: asc }, { id: asc }], limit: 1) { id ID_Saison } }',
        },
        headers: { Authorization: `Bearer ${token}` },
      });
      const [flux] = ((await numbers.json()) as { data: { MKP_FluxFinancier: { id: number; ID_Saison: number }[] } })
        .data.MKP_FluxFinancier;
      if (!flux) throw new Error('no flux for the club in the demo data');
      await searchCard(page).click();
      await expect(results(page).first()).toBeVisible();
      await fluxNumberField(page).fill(`${flux.ID_Saison}-FFME-${flux.id}`);
      await fluxNumberField(page).press('Enter');
      await expect(page).toHaveURL(new RegExp(`numero=${flux.ID_Saison}-FFME-${flux.id}`));
      await expect(totalText(page)).toHaveText('1 flux');
      await expect(results(page).getByRole('button', { name: `Voir le détail du flux ${flux.id}` })).toBeVisible();
      await expectNoAxeViolations(page, `search by invoice number at ${viewport.name}`);
    });

    test("the filters fold behind 'Plus de filtres', with chips, and axe finds nothing", async ({ page }) => {
      await signIn(page, 'club@demo.fr');
      await page.goto('/gestion-des-finances/flux-financiers?statut=impaye&saison=');
      await expect(results(page).first()).toBeVisible();
      await expect(page.getByRole('list', { name: 'Filtres repliés' })).toContainText('Statut : Impayé');
      await expect(page.getByRole('combobox', { name: 'Statut' })).toBeHidden();
      await expectNoAxeViolations(page, `folded filters at ${viewport.name}`);
      await page.getByRole('button', { name: 'Plus de filtres' }).click();
      await expect(page.getByRole('combobox', { name: 'Statut' })).toBeVisible();
      await expectNoAxeViolations(page, `every filter at ${viewport.name}`);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the panel folds after a search and the page scrolls to the first result', async ({ page }) => {
    await signIn(page, 'club@demo.fr');
    await page.goto('/gestion-des-finances/flux-financiers');
    await expect(results(page).first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Libellé' }).fill('Licence');
    await page.getByRole('textbox', { name: 'Libellé' }).press('Enter');
    await expect(page.getByRole('button', { name: 'Afficher les filtres' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText('Libellé : Licence');
    const first = results(page).getByRole('listitem').first();
    await expect(first).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});

test('by keyboard: the unpaid invoices as a ZIP in at most 20 keys after login', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await clubDashboard(page);
  let keys = 0;
  const press = async (key: string) => {
    keys += 1;
    await page.keyboard.press(key);
  };
  /** Tab (or Shift+Tab) until `target` has the focus, each press counted (20 at most). */
  const tabTo = async (target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') => {
    for (let i = 0; i < 20 && !(await target.evaluate((element) => element === document.activeElement)); i++)
      await press(key);
    await expect(target).toBeFocused();
  };
  await tabTo(searchCard(page));
  await press('Enter');
  await expect(results(page).first()).toBeVisible();
  const unpaid = page.getByRole('button', { name: 'Impayés seulement' });
  await tabTo(unpaid);
  await press('Enter');
  await expect(unpaid).toHaveAttribute('aria-pressed', 'true');
  await expectOnlyUnpaid(page);
  const total = await shownTotal(page);
  await tabTo(page.getByRole('button', { name: 'Télécharger les documents' }), 'Shift+Tab');
  await press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Télécharger les documents des flux trouvés' });
  await expect(dialog.getByRole('button', { name: 'Télécharger', exact: true })).toBeFocused();
  const download = page.waitForEvent('download');
  await press('Enter');
  await expectPackOfTotal(total, download);
  test.info().annotations.push({ type: 'keys', description: String(keys) });
  expect(keys).toBeLessThanOrEqual(20);
});
