import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signIn } from './support/session';

// R-SEARCH-19, R-UI-12: the search, its detail modal and the SEPA page on a laptop, a large
// screen and a phone. Every column header and every action must lie inside the viewport's
// width (scrolling down to reach one is fine, scrolling sideways is not). Screenshots are
// attached to the report for a person to look at; none is compared with a stored image.
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';
const SEPA_PATH = '/export-fichiers/sepa';

const VIEWPORTS = [
  { name: '1366 x 768', width: 1366, height: 768 },
  { name: '1920 x 1080', width: 1920, height: 1080 },
  { name: '390 x 844', width: 390, height: 844 },
] as const;

/** The ten columns of R-SEARCH-08, in their order. */
const COLUMNS = [
  'N° de flux',
  'N° Licence',
  'Licencié',
  'Date création',
  'Structure',
  'Libellé',
  'Débit',
  'Crédit',
  'Action',
  'Justificatif',
];

/** Elements (of those the locator finds, drawn with a size) that reach past the viewport's sides. */
async function outsideWidth(locator: Locator, width: number): Promise<string[]> {
  return locator.evaluateAll(
    (elements, viewportWidth) =>
      elements
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > viewportWidth + 0.5))
        .map(
          ({ element, box }) =>
            `${element.getAttribute('aria-label') ?? element.textContent?.trim()} (${Math.round(box.left)}..${Math.round(box.right)})`,
        ),
    width,
  );
}

/** How many pixels the page is wider than the viewport (0: no horizontal scrolling). */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

/** Every button and link of the locator lies within the viewport's width; returns how many. */
async function expectActionsInside(scope: Locator, width: number): Promise<number> {
  const actions = scope.locator('button, a[href], [role="button"]');
  expect(await outsideWidth(actions, width)).toEqual([]);
  return actions.count();
}

type UnpaidDebit = { id: number; Z_DateCreation: string; ID_Structure: number };
// Dated up to now: a relaunch made by another spec is a copy dated a month ahead, which the search's dates miss.
const UNPAID_DEBIT = `query ($now: timestamptz!) { MKP_FluxFinancier(where: {ID_CategoryFlux: {_eq: 5}, EST_Debit: {_eq: true}, EST_Reglement: {_eq: false}, ID_FluxFinancierRelance: {_is_null: true}, Z_DateCreation: {_lte: $now}}, order_by: {id: desc}, limit: 1) { id Z_DateCreation ID_Structure } }`;

/** The head office's latest unpaid direct debit: its modal offers 'Relancer le prélèvement'. */
async function unpaidDebit(page: Page, token: string): Promise<UnpaidDebit> {
  const response = await page.request.post('/v1/graphql', {
    data: { query: UNPAID_DEBIT, variables: { now: new Date().toISOString() } },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const flux = ((await response.json()) as { data: { MKP_FluxFinancier: UnpaidDebit[] } }).data.MKP_FluxFinancier[0];
  if (!flux) throw new Error('no unpaid direct debit in the demo data');
  return flux;
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 600;

  test.describe(`${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    /** The results: the table's header and rows, or the phone's cards; checks their place. */
    async function checkResults(page: Page, testInfo: TestInfo, account: string) {
      if (phone) {
        const cards = page.getByRole('list', { name: 'Résultats de la recherche de flux' });
        await expect(cards.getByRole('listitem').first()).toBeVisible();
        await expect(page.getByRole('table', { name: 'Résultats de la recherche de flux' })).toHaveCount(0);
        const actions = await expectActionsInside(cards, viewport.width);
        // Per card: the structure's page (R-BAL-01), the detail and the document.
        expect(actions).toBe(3 * (await cards.getByRole('listitem').count()));
        // The folded application bar: its menu holds 'Se déconnecter', on screen.
        const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
        expect(await outsideWidth(menuButton, viewport.width)).toEqual([]);
        await menuButton.click();
        const menu = page.getByRole('menu');
        await expect(menu.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
        expect(await outsideWidth(menu.getByRole('menuitem'), viewport.width)).toEqual([]);
        await attachScreenshot(page, testInfo, `${account} ${viewport.name} menu`);
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
      } else {
        const table = page.getByRole('table', { name: 'Résultats de la recherche de flux' });
        await expect(table.locator('tbody tr').first()).toBeVisible();
        const headers = table.getByRole('columnheader');
        await expect(headers).toHaveText(COLUMNS);
        expect(await outsideWidth(headers, viewport.width)).toEqual([]);
        // All ten columns without scrolling sideways, even inside the table's own container.
        const sideways = await table.evaluate((element) => {
          const container = element.parentElement;
          return container ? container.scrollWidth - container.clientWidth : 0;
        });
        expect(sideways).toBe(0);
        const rows = await table.locator('tbody tr').count();
        // Per row: the structure's page (R-BAL-01), the detail and the document.
        expect(await expectActionsInside(table.locator('tbody'), viewport.width)).toBe(3 * rows);
        await expect(page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
        expect(await outsideWidth(page.getByRole('banner').getByRole('button'), viewport.width)).toEqual([]);
      }
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await attachScreenshot(page, testInfo, `${account} ${viewport.name} recherche`);
    }

    /** The detail modal: full-screen on a phone, every action inside, nothing cut sideways. */
    async function checkModal(page: Page, testInfo: TestInfo, account: string) {
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('.MuiDialogActions-root').getByRole('button').first()).toBeVisible();
      expect(await expectActionsInside(dialog, viewport.width)).toBeGreaterThanOrEqual(4);
      const content = dialog.locator('.MuiDialogContent-root');
      expect(await content.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
      if (phone) {
        const box = await dialog.boundingBox();
        expect(box?.x).toBe(0);
        expect(box?.width).toBe(viewport.width);
      }
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await attachScreenshot(page, testInfo, `${account} ${viewport.name} détail`);
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      await expect(dialog).toBeHidden();
    }

    test('the head office: long structure names, every column and action on screen, the relaunch in the modal', async ({
      page,
    }, testInfo) => {
      test.setTimeout(60_000);
      const token = await signIn(page, 'siege@demo.fr');
      await page.goto(`${SEARCH_PATH}?libelle=Prélèvement&saison=`);
      await checkResults(page, testInfo, 'siege');
      // The case the issue describes: names too long for their column.
      const structures = phone
        ? await page.getByRole('listitem').locator('dd').allTextContents()
        : await page.getByRole('table').locator('tbody tr td:nth-child(5)').allTextContents();
      expect(Math.max(...structures.map((name) => name.length))).toBeGreaterThan(40);

      if (!phone) {
        // A cut name shows in full in a tooltip, on hover (and focus: component tests).
        const cut = page.getByRole('table').locator('[data-tooltip-text]').first();
        await cut.hover();
        await expect(page.getByRole('tooltip')).toHaveText((await cut.textContent()) ?? '');
        expect(await outsideWidth(page.getByRole('tooltip'), viewport.width)).toEqual([]);
        const action = page
          .getByRole('table')
          .getByRole('button', { name: /Voir le détail du flux/ })
          .first();
        await action.hover();
        await expect(page.getByRole('tooltip')).toHaveText('Voir le détail');
      }

      const flux = await unpaidDebit(page, token);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(flux.Z_DateCreation));
      await page.goto(
        `${SEARCH_PATH}?libelle=Prélèvement&saison=&debut=${day}&fin=${day}&structure=${flux.ID_Structure}`,
      );
      await page.getByRole('button', { name: `Voir le détail du flux ${flux.id}` }).click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Relancer le prélèvement' })).toBeVisible();
      await checkModal(page, testInfo, 'siege');
    });

    test('a club: every column and action on screen, and its detail modal', async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      await signIn(page, 'club@demo.fr');
      await page.goto(`${SEARCH_PATH}?libelle=Licence`);
      await checkResults(page, testInfo, 'club');
      await page
        .getByRole('button', { name: /Voir le détail du flux/ })
        .first()
        .click();
      await checkModal(page, testInfo, 'club');
    });

    // R-SEPA-10: the file's totals and 'Générer et télécharger le fichier' sit at the top
    // and stay in view (sticky, under the app bar) while the list of structures scrolls; the
    // list comes a page at a time, so the page is a few screens long, not 18,000 px.
    test('the SEPA page: totals and generate button in view, even scrolled down the list', async ({
      page,
    }, testInfo) => {
      await signIn(page, 'siege@demo.fr');
      await page.goto(SEPA_PATH);
      // Every season: the longest list (the current season's debits may be in a file already,
      // made by sepa-returns.spec.ts).
      await page.getByRole('combobox', { name: 'Saison' }).click();
      await page.getByRole('option', { name: 'Toutes les saisons' }).click();
      const bar = page.getByRole('region', { name: 'Fichier à générer' });
      const generate = bar.getByRole('button', { name: 'Générer et télécharger le fichier' });
      await expect(generate).toBeEnabled({ timeout: 20_000 });
      await expect(bar).toContainText(/Total : \d+ flux pour/);
      const inView = async () => {
        const box = await generate.boundingBox();
        if (!box) throw new Error("'Générer et télécharger le fichier' is not drawn");
        const appBar = await page.getByRole('banner').boundingBox();
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        // Below the sticky app bar, above the bottom of the screen.
        expect(box.y).toBeGreaterThanOrEqual((appBar?.y ?? 0) + (appBar?.height ?? 0) - 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      };
      // On a laptop or larger, in view at once; on a phone the avatar, the navigation and the
      // form come first (one column), and the bar sticks once the list is reached.
      if (!phone) await inView();
      await attachScreenshot(page, testInfo, `sepa ${viewport.name}`);

      // Down at the last structure of the list: the bar is still there.
      const structures = page.getByRole('table', { name: 'Prélèvements à générer par structure' });
      const lastRow = structures.locator('tbody tr').last();
      const below = ((await lastRow.boundingBox())?.y ?? 0) > viewport.height;
      await lastRow.scrollIntoViewIfNeeded();
      // (On a large screen the page of 25 structures may fit without scrolling.)
      if (below) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await inView();
      expect(await structures.locator('tbody tr').count()).toBeLessThanOrEqual(25);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(10_000);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await attachScreenshot(page, testInfo, `sepa ${viewport.name} scrolled`);
    });
  });
}
