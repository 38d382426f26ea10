import { expect, test, type Locator } from '@playwright/test';
import { signIn } from './support/session';

// R-BAL-01: what a club owes reads the same amount on Impayés ('Reste dû'), its page, the flux
// search's summary over all its flux, and its relevé de compte up to today ('Solde du relevé').
const IMPAYES_PATH = '/gestion-des-finances/flux-financiers/impayes';
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';

/** The amount after `label` in a French text, in cents ('Reste dû : -1 234,56 €' → -123456). */
function centsAfter(text: string, label: string): number {
  const plain = text.replace(/[\u00a0\u202f]/g, ' ');
  const match = new RegExp(`${label}\\s*:?\\s*(-?[\\d ]+,\\d{2}) €`, 'i').exec(plain);
  if (!match) throw new Error(`'${label}' sans montant dans : ${plain}`);
  return Number(match[1]!.replace(/ /g, '').replace(',', ''));
}

async function columnIndex(table: Locator, name: string): Promise<number> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((header) => header.trim().startsWith(name));
  expect(index, `colonne ${name} parmi ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

const parisToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

test('a club’s balance is the same amount on Impayés, its page, the search summary and its relevé', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'siege@demo.fr');

  // Impayés: the first structure listed and its 'Reste dû'.
  await page.goto(IMPAYES_PATH);
  const table = page.getByRole('table', { name: 'Structures ayant des impayés' });
  const row = table.locator('tbody tr').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const resteDuColumn = await columnIndex(table, 'Reste dû');
  const owed = centsAfter(`Reste dû ${await row.locator('td, th').nth(resteDuColumn).innerText()}`, 'Reste dû');

  // Its page, from the row's name.
  await row.getByRole('rowheader').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/structures\/\d+\/situation/);
  const structureId = /structures\/(\d+)\/situation/.exec(page.url())![1]!;
  const balance = page.getByRole('region', { name: 'Solde' }).getByRole('status');
  await expect(balance).toContainText('Reste dû');
  expect(centsAfter(await balance.innerText(), 'Reste dû')).toBe(owed);

  // The search over every season of the structure: the summary's 'Reste dû'.
  await page.goto(`${SEARCH_PATH}?structure=${structureId}&saison=`);
  const summary = page.getByRole('group', { name: 'Totaux de la recherche' });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const compute = summary.getByRole('button', { name: 'Calculer les totaux' });
  if (await compute.isVisible()) await compute.click();
  await expect(summary).toContainText('Reste dû', { timeout: 30_000 });
  expect(centsAfter(await summary.innerText(), 'Reste dû')).toBe(owed);

  // The relevé de compte up to today: its closing balance.
  await page.getByRole('button', { name: 'Relevé de compte' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Période' }).click();
  await page.getByRole('option', { name: 'Dates personnalisées' }).click();
  const today = parisToday();
  await dialog.getByLabel('Du', { exact: true }).fill(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
  await dialog.getByLabel('Au', { exact: true }).fill(today);
  await expect(dialog.getByRole('status')).toContainText('solde du relevé', { timeout: 30_000 });
  expect(centsAfter(await dialog.getByRole('status').innerText(), 'solde du relevé')).toBe(owed);
});
