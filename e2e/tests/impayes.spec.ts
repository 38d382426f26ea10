import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

// Each test signs in, searches, downloads and runs axe-core: tens of seconds on a loaded
// 2-core machine (another suite beside it), so a longer budget than Playwright's 30 s.
test.describe.configure({ timeout: 120_000 });

// Impayés from the flux search, against the real server: sort, export, a level-1 letter.
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';

const bodyRows = (page: Page) => page.getByRole('table', { name: 'Structures ayant des impayés' }).locator('tbody tr');
/** A row's structure name: its header cell's first line (the federal code is under it). */
const structureName = async (page: Page, index: number) =>
  ((await bodyRows(page).nth(index).getByRole('rowheader').innerText()).split('\n')[0] ?? '').trim();

async function openImpayes(page: Page) {
  await page.goto(SEARCH_PATH);
  await page.getByRole('link', { name: 'Impayés' }).click();
  await expect(page).toHaveURL(/\/gestion-des-finances\/flux-financiers\/impayes/);
  await expect(page.getByRole('heading', { name: 'Impayés', level: 1 })).toBeVisible();
  await expect(bodyRows(page).first()).toBeVisible();
}

test('the head office sorts, exports, issues a level-1 letter, sees it as the last reminder and downloads it', async ({
  page,
}) => {
  await signIn(page, 'siege@demo.fr');
  await openImpayes(page);
  await expectNoAxeViolations(page, 'Impayés');

  // Keyboard sort on the structure name, then the export in that order.
  await page.getByRole('button', { name: 'Structure', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Structure', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const first = await structureName(page, 0);
  const second = await structureName(page, 1);
  expect(first.localeCompare(second, 'fr', { sensitivity: 'base', numeric: true })).toBeLessThanOrEqual(0);
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter (Excel)' }).click();
  const workbook = await exported;
  expect(workbook.suggestedFilename()).toMatch(/^impayes-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect((await readFile(await workbook.path())).subarray(0, 2).toString('latin1')).toBe('PK');

  // A level-1 letter for the first structure.
  const name = first;
  await page.getByRole('button', { name: `Relancer ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Émettre une lettre de relance' });
  await dialog.getByRole('radio', { name: 'Niveau 1 · Rappel amiable' }).check();
  await expectNoAxeViolations(page, 'Impayés, lettre de relance');
  const issued = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Émettre et télécharger' }).click();
  const letter = await issued;
  expect(letter.suggestedFilename()).toMatch(/^relance-1-\d+-\d{4}-\d{2}-\d{2}-\d+\.pdf$/);
  const bytes = await readFile(await letter.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText('Lettre de relance émise et téléchargée.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The list is reloaded: the structure's last reminder is this letter, downloaded again as is.
  const row = bodyRows(page).filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${escape(name)}`) }) });
  await expect(row.getByText(/^Niveau 1 · Rappel amiable · \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  const again = page.waitForEvent('download');
  await row.getByRole('button', { name: `Télécharger la dernière relance de ${name}` }).click();
  expect((await readFile(await (await again).path())).equals(bytes)).toBe(true);
});

test('Impayés on a 390 px phone: no horizontal page scroll, axe clean', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'siege@demo.fr');
  await openImpayes(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await expectNoAxeViolations(page, 'Impayés (390 px)');
});

test('a club has no Impayés button and the page refuses it', async ({ page }) => {
  await signIn(page, 'club@demo.fr');
  await page.goto(SEARCH_PATH);
  await expect(page.getByRole('heading', { name: 'Rechercher les flux financiers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Impayés' })).toHaveCount(0);
  await page.goto(`${SEARCH_PATH}/impayes`);
  await expect(
    page.getByText(
      'Les impayés sont suivis par le siège, les ligues et les comités : votre structure n’y a pas accès.',
    ),
  ).toBeVisible();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
