import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

// R-JOB-05, R-JOB-06: work sent to the background from its page (a document pack, the relevés
// of an Impayés selection), confirmed in French, followed and downloaded in 'Mes traitements'.
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';

/** Entry names of a ZIP, from its central directory. */
function zipNames(zip: Buffer): string[] {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

/** The job of 'Mes traitements' named `label`, once finished; its result downloaded. */
async function downloadFinished(page: Page, label: string | RegExp) {
  await expect(page).toHaveURL(/\/mes-traitements/);
  const list = page.getByRole('list', { name: 'Traitements, du plus récent au plus ancien' });
  const item = list.locator(':scope > li').filter({ hasText: label }).first();
  await expect(item).toContainText('Terminé', { timeout: 90_000 });
  const download = page.waitForEvent('download');
  await item.getByRole('button', { name: 'Télécharger le résultat' }).click();
  const file = await download;
  return { item, file, bytes: await readFile(await file.path()) };
}

test('a pack asked in the background is a job: confirmed, then its ZIP downloads from Mes traitements', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'club@demo.fr');
  await page.goto(`${SEARCH_PATH}?libelle=Affiliation&saison=`);
  const rows = page.getByRole('table').first().locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const total = Number((await page.getByRole('status').filter({ hasText: /flux$/ }).textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Télécharger les documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Télécharger les documents des flux trouvés' });
  await dialog.getByRole('checkbox', { name: /Préparer en arrière-plan/ }).check();
  await dialog.getByRole('button', { name: 'Télécharger', exact: true }).click();
  await expect(dialog.getByText(/Le lot est préparé en arrière-plan/)).toBeVisible();
  await expectNoAxeViolations(page, 'Lot de documents en arrière-plan');
  await dialog.getByRole('link', { name: 'Suivre dans « Mes traitements »' }).click();

  const { item, file, bytes } = await downloadFinished(page, /^Lot de \d+ documents? \(factures\)/);
  await expect(item).toContainText(/document\(s\) dans l’archive/);
  expect(file.suggestedFilename()).toMatch(/^documents-\d{4}-\d{2}-\d{2}\.zip$/);
  const names = zipNames(bytes);
  expect(names).toHaveLength(total + 1);
  expect(names.at(-1)).toBe('sommaire.csv');
});

test('the relevés de compte of an Impayés selection are issued by a job, downloaded as one ZIP', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, 'siege@demo.fr');
  await page.goto(SEARCH_PATH);
  await page.getByRole('link', { name: 'Impayés' }).click();
  const rows = page.getByRole('table', { name: 'Structures ayant des impayés' }).locator('tbody tr');
  await expect(rows.nth(2)).toBeVisible();
  // Two structures that may be selected (the head office's own row may not be reminded).
  let chosen = 0;
  for (let index = 0; chosen < 2; index++) {
    const box = rows.nth(index).getByRole('checkbox');
    if (await box.isEnabled()) {
      await box.check();
      chosen++;
    }
  }
  await page.getByRole('button', { name: 'Relevés de compte de la sélection' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: /sont émis en arrière-plan/ });
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('link', { name: 'Suivre dans « Mes traitements »' }).click();

  const { item, file, bytes } = await downloadFinished(page, /^Relevés de compte de 2 structures/);
  await expect(item).toContainText(/relevé\(s\) de compte/);
  expect(file.suggestedFilename()).toMatch(/^releves-de-compte-\d{4}-\d{2}-\d{2}\.zip$/);
  const names = zipNames(bytes);
  expect(names.at(-1)).toBe('sommaire.csv');
  expect(names.slice(0, -1).every((name) => name.endsWith('.pdf'))).toBe(true);
});
