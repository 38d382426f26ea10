import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/session';

// R-DOC-08: 'Télécharger les documents' from the flux search, against the real server.
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';

const bodyRows = (page: Page) => page.getByRole('table').first().locator('tbody tr');
const totalText = (page: Page) => page.getByRole('status').filter({ hasText: /flux$/ });

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

test("a club downloads one ZIP of the factures of its search's flux, with a sommaire", async ({ page }) => {
  await signIn(page, 'club@demo.fr');
  await page.goto(`${SEARCH_PATH}?libelle=Affiliation&saison=`);
  await expect(bodyRows(page).first()).toBeVisible();
  const total = Number((await totalText(page).textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Télécharger les documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Télécharger les documents des flux trouvés' });
  await expect(dialog.getByRole('checkbox', { name: 'Factures' })).toBeChecked();
  const zip = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Télécharger', exact: true }).click();
  const download = await zip;
  expect(download.suggestedFilename()).toMatch(/^documents-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(dialog.getByText('Le fichier ZIP a été téléchargé.')).toBeVisible();

  const names = zipNames(await readFile(await download.path()));
  expect(names).toHaveLength(total + 1);
  expect(names.at(-1)).toBe('sommaire.csv');
  expect(
    names
      .slice(0, -1)
      .every((name) => /^(facture-\d+-\d{4}-\d{2}-\d{2}-\d{4}-FFME-\d+|avis-prelevement-\d+-[\d-]+)\.pdf$/.test(name)),
  ).toBe(true);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
});
