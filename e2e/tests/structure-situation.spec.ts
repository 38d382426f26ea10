import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

// Each test signs in, searches, downloads and runs axe-core: tens of seconds on a loaded
// 2-core machine (another suite beside it), so a longer budget than Playwright's 30 s.
test.describe.configure({ timeout: 120_000 });

// 'Situation de la structure' against the real server: reached from the flux search's structure
// cell and its chip, which names the structure (never its internal id).
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';

const bodyRows = (page: Page) => page.getByRole('table').first().locator('tbody tr');

test('the head office opens a structure’s page from the search’s structure cell and its chip, and sees its balance', async ({
  page,
}) => {
  await signIn(page, 'siege@demo.fr');
  await page.goto(`${SEARCH_PATH}?libelle=Licence`);
  await expect(bodyRows(page).first()).toBeVisible();

  // The structure cell is a link to the structure's page.
  const cell = bodyRows(page).first().getByRole('link').first();
  const name = (await cell.innerText()).trim();
  expect(name.length).toBeGreaterThan(0);
  await cell.click();
  await expect(page).toHaveURL(/\/gestion-des-finances\/structures\/\d+\/situation/);
  const structureId = /structures\/(\d+)\/situation/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: `Situation de la structure : ${name}` })).toBeVisible();
  const balance = page.getByRole('region', { name: 'Solde' });
  await expect(balance.getByRole('status')).toContainText(/Reste dû\s*-?[\d\s\u202f\u00a0]+,\d{2}\s€/);
  for (const section of [
    'Flux ouverts',
    'Règlements récents',
    'Lettres de relance envoyées',
    'RIB et mandat de prélèvement',
  ])
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  await expectNoAxeViolations(page, 'Situation de la structure');

  // The search of that structure: its folded chip names it, and opens the same page.
  await page.goto(`${SEARCH_PATH}?structure=${structureId}`);
  await expect(bodyRows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Masquer les filtres' }).click();
  const chips = page.getByRole('list', { name: 'Filtres actifs' });
  const chip = chips.getByRole('link', { name: `Structure : ${name}` });
  await expect(chip).toBeVisible();
  await expect(chips).not.toContainText(`n° ${structureId}`);
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`/structures/${structureId}/situation`));
  await expect(page.getByRole('region', { name: 'Solde' }).getByRole('status')).toContainText('Reste dû');
  // Back to the search it came from.
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page).toHaveURL(new RegExp(`structure=${structureId}`));
});
