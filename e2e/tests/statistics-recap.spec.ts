import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

test.describe.configure({ timeout: 120_000 });

/** An amount as figures only: the statistics and the search may space thousands differently. */
const digits = (text: string | null) => (text ?? '').replace(/[^0-9,-]/g, '');

async function summaryTotal(page: Page, label: string): Promise<string> {
  const summary = page.getByRole('group', { name: 'Totaux de la recherche' });
  await expect(summary).toContainText(label, { timeout: 30_000 });
  const text = (await summary.textContent()) ?? '';
  const found = new RegExp(`${label} : ([^A-Za-zé]+)`).exec(text);
  return digits(found?.[1] ?? '');
}

// R-STAT-01, R-STAT-08: a figure of 'Etats statistiques' drills down to the flux search, which shows the same total.
test('the head office opens its statistics and finds the same billed total in the flux search', async ({ page }) => {
  await signIn(page, 'siege@demo.fr');
  await page.goto('/gestion-des-finances/etats-statistiques');
  const collection = page.getByRole('region', { name: 'Recouvrement' });
  await expect(collection).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/À jour au/)).toBeVisible();
  await expectNoAxeViolations(page, 'Etats statistiques');

  const billed = collection.getByRole('link', { name: /voir les flux : Facturé$/ });
  const figure = digits(await billed.textContent());
  expect(figure).not.toBe('');
  await billed.click();
  await expect(page).toHaveURL(/\/flux-financiers\?/);
  expect(await summaryTotal(page, 'Total facturé')).toBe(figure);
});

// R-RECAP-01 to R-RECAP-04: last month's recap, issued (or already issued by the month's job), as PDF and xlsx.
test('the head office issues last month’s recap and downloads it as PDF and xlsx', async ({ page }) => {
  await signIn(page, 'siege@demo.fr');
  await page.goto('/gestion-des-finances/recapitulatif');
  const issue = page.getByRole('region', { name: 'Émettre le récapitulatif' });
  await expect(issue).toBeVisible({ timeout: 30_000 });
  await issue.getByRole('button', { name: 'Émettre le récapitulatif' }).click();
  const confirm = page.getByRole('dialog', { name: /^Émettre le récapitulatif de .+ \?$/ });
  await confirm.getByRole('button', { name: 'Émettre', exact: true }).click();
  await expect(page.getByText(/^Récapitulatif n° RM-.+ émis\.$/)).toBeVisible({ timeout: 60_000 });

  const issued = page.getByRole('table', { name: 'Récapitulatifs mensuels émis' });
  const pdfDownload = page.waitForEvent('download');
  await issued
    .getByRole('button', { name: /^Télécharger le récapitulatif de .+ \(PDF\)$/ })
    .first()
    .click();
  const pdf = await readFile(await (await pdfDownload).path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('pdfaid:part>3<');

  const xlsxDownload = page.waitForEvent('download');
  await issued
    .getByRole('button', { name: /^Télécharger le récapitulatif de .+ \(xlsx\)$/ })
    .first()
    .click();
  const xlsx = await readFile(await (await xlsxDownload).path());
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
  await expectNoAxeViolations(page, 'Récapitulatif mensuel');
});
