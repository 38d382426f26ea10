import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

// The relevé de compte from the flux search: a period, its PDF and xlsx (issued and numbered),
// the statements issued before; a club reaches its own and never another club's.
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';
const ISSUED_PDF = /^releve-de-compte-\d+-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-RC-\d{4}-\d{6,}\.pdf$/;

const bodyRows = (page: Page) => page.getByRole('table').first().locator('tbody tr');
const bytesOf = async (download: Download) => readFile(await download.path());

async function clubsOfFederation(page: Page, token: string): Promise<Array<{ id: number; NomStructure: string }>> {
  const response = await page.request.post('/v1/graphql', {
    data: {
      query:
        '{ STR_Structure(where: {ID_Federation: {_eq: 1318}, ID_TypeStructure: {_eq: 1}}, order_by: [{id: asc}], limit: 3) { id NomStructure } }',
    },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { STR_Structure: Array<{ id: number; NomStructure: string }> } }).data
    .STR_Structure;
}

/** The page is no wider than the viewport (no sideways scrolling). */
async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function download(page: Page, click: () => Promise<void>): Promise<Download> {
  const event = page.waitForEvent('download');
  await click();
  return event;
}

test("the head office opens a structure's statement from the search, picks a period, downloads PDF and xlsx", async ({
  page,
}) => {
  // Three files issued and downloaded: more than the default budget on a shared machine.
  test.slow();
  const token = await signIn(page, 'siege@demo.fr');
  const [club] = await clubsOfFederation(page, token);
  await page.goto(`${SEARCH_PATH}?structure=${club!.id}`);
  await expect(bodyRows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Relevé de compte' }).click();
  const dialog = page.getByRole('dialog', { name: `Relevé de compte — ${club!.NomStructure}` });
  await expect(dialog).toBeVisible();
  // The current season by default, what it says before anything is issued.
  await expect(dialog.getByRole('status')).toContainText('Solde initial');
  await expectNoAxeViolations(page, 'relevé de compte');

  await dialog.getByRole('combobox', { name: 'Période' }).click();
  await page.getByRole('option', { name: 'Dates personnalisées' }).click();
  await dialog.getByLabel('Du', { exact: true }).fill('2024-06-30');
  await dialog.getByLabel('Au', { exact: true }).fill('2024-01-01');
  await expect(
    dialog.getByText('Période invalide : la date de début (du) doit précéder la date de fin (au).'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Télécharger le PDF', exact: true })).toBeDisabled();
  await dialog.getByLabel('Du', { exact: true }).fill('2024-01-01');
  await dialog.getByLabel('Au', { exact: true }).fill('2024-06-30');
  await expect(dialog.getByRole('status')).toContainText('solde du relevé');

  const pdf = await download(page, () =>
    dialog.getByRole('button', { name: 'Télécharger le PDF', exact: true }).click(),
  );
  expect(pdf.suggestedFilename()).toMatch(ISSUED_PDF);
  expect(pdf.suggestedFilename()).toContain(`releve-de-compte-${club!.id}-2024-01-01-2024-06-30-`);
  const pdfBytes = await bytesOf(pdf);
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const number = /(RC-\d{4}-\d+)\.pdf$/.exec(pdf.suggestedFilename())![1]!;

  const xlsx = await download(page, () =>
    dialog.getByRole('button', { name: 'Télécharger le tableur (xlsx)' }).click(),
  );
  expect(xlsx.suggestedFilename()).toBe(pdf.suggestedFilename().replace(/\.pdf$/, '.xlsx'));
  expect((await bytesOf(xlsx)).subarray(0, 2).toString('latin1')).toBe('PK');

  // Listed among the issued statements, and downloaded again as it was given out.
  const again = await download(page, () =>
    dialog.getByRole('button', { name: `Télécharger le PDF du relevé ${number}` }).click(),
  );
  expect((await bytesOf(again)).equals(pdfBytes)).toBe(true);
  await expectNoAxeViolations(page, 'relevé de compte, relevés émis');
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
});

test('a club opens its own statement from the search without knowing its id', async ({ page }) => {
  await signIn(page, 'club@demo.fr');
  await page.goto(SEARCH_PATH);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.getByRole('button', { name: 'Relevé de compte' }).click();
  const dialog = page.getByRole('dialog', { name: /^Relevé de compte — / });
  await expect(dialog.getByRole('status')).toContainText('Solde initial');
  const pdf = await download(page, () =>
    dialog.getByRole('button', { name: 'Télécharger le PDF', exact: true }).click(),
  );
  expect(pdf.suggestedFilename()).toMatch(ISSUED_PDF);
  await expect(dialog.getByRole('button', { name: /^Télécharger le PDF du relevé RC-/ }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'relevé de compte du club');
});

test.describe('on a 390 px wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the statement dialog fits the width', async ({ page }) => {
    await signIn(page, 'club@demo.fr');
    await page.goto(SEARCH_PATH);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByRole('button', { name: 'Relevé de compte' }).click();
    const dialog = page.getByRole('dialog', { name: /^Relevé de compte — / });
    await expect(dialog.getByRole('status')).toContainText('Solde initial');
    await dialog.getByRole('combobox', { name: 'Période' }).click();
    await page.getByRole('option', { name: 'Dates personnalisées' }).click();
    await expect(dialog.getByLabel('Au', { exact: true })).toBeVisible();
    await expectNoOverflow(page);
    const outside = await dialog.locator('button, input, [role="combobox"]').evaluateAll(
      (elements) =>
        elements.filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5);
        }).length,
    );
    expect(outside).toBe(0);
    await expectNoAxeViolations(page, 'relevé de compte, 390 px');
  });
});

test("a club never gets another club's statement", async ({ page }) => {
  const siege = await signIn(page, 'siege@demo.fr');
  const clubs = await clubsOfFederation(page, siege);
  const token = await signIn(page, 'club@demo.fr');
  const me = (await (await page.request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    memberships: Array<{ structureId: number }>;
  };
  const own = me.memberships[0]!.structureId;
  const other = clubs.find((club) => club.id !== own)!;
  for (const path of [
    `/api/structures/${other.id}/releve-de-compte?format=pdf`,
    `/api/structures/${other.id}/releve-de-compte?format=xlsx`,
    `/api/structures/${other.id}/releves-de-compte`,
  ]) {
    const response = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status(), path).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('Structure introuvable');
  }
});
