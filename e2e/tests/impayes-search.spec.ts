import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { signIn } from './support/session';

// R-UI-20: from the dashboard, the head office finds one club on Impayés by typing its name (the
// search, filters, sort and pages are the server's), at 1366x768 and on a 390x844 phone, axe clean.
const VIEWPORTS = [
  { name: '1366x768', width: 1366, height: 768 },
  { name: '390x844', width: 390, height: 844 },
];
/** Clicks from the dashboard: the flux search card, then 'Impayés'. Then the name typed and Enter. */
const MAX_CLICKS = 2;

interface OverduePage {
  rows: Array<{ structure: { id: number; name: string } }>;
  total: number;
}

/** A club far down the default list (the smallest debts last), whose name no other structure holds. */
async function clubToFind(page: Page, token: string): Promise<string> {
  const get = async (query: string) => {
    const response = await page.request.get(`/api/impayes${query}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as OverduePage;
  };
  expect((await get('?parPage=10')).total).toBeGreaterThan(10);
  const smallest = await get('?type=1&tri=total&ordre=asc&parPage=25');
  for (const { structure } of smallest.rows) {
    const found = await get(`?recherche=${encodeURIComponent(structure.name)}`);
    if (found.total === 1) return structure.name;
  }
  throw new Error('aucun club au nom unique parmi les impayés');
}

for (const viewport of VIEWPORTS) {
  test(`R-UI-20: the head office finds one club on Impayés by typing its name (${viewport.name})`, async ({ page }) => {
    // Two axe runs and the whole head office's list computed a few times by the real server.
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const token = await signIn(page, 'siege@demo.fr');
    const name = await clubToFind(page, token);
    await page.goto('/gestion-des-finances');
    await expect(page.getByRole('heading', { name: 'Gestion des finances', level: 1 })).toBeVisible();

    let clicks = 0;
    await page.getByRole('list', { name: 'Modules' }).getByRole('link', { name: 'Recherche flux financiers' }).click();
    clicks++;
    await page.getByRole('link', { name: 'Impayés', exact: true }).click();
    clicks++;
    await expect(page.getByRole('heading', { name: 'Impayés', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Structures ayant des impayés' });
    // The head office's whole list is aged on arrival (R-PERF bar: 1 s on an idle machine).
    await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    // The default: the largest debts first, so the club is not on the first page.
    await expect(table.getByRole('rowheader', { name: new RegExp(`^${escape(name)}`) })).toHaveCount(0);
    await expectNoAxeViolations(page, `Impayés (${viewport.name})`);

    const search = page.getByRole('searchbox', { name: 'Nom ou code fédéral de la structure' });
    await search.fill(name);
    await search.press('Enter');
    await expect(page.getByText('1 structure trouvée', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.getByRole('rowheader')).toHaveText(new RegExp(`^${escape(name)}`));
    await expect(page.getByRole('button', { name: `Relancer ${name}`, exact: true })).toBeVisible();
    // The search is in the address: the page can be linked.
    expect(new URL(page.url()).searchParams.get('recherche')).toBe(name);
    expect(clicks).toBeLessThanOrEqual(MAX_CLICKS);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await expectNoAxeViolations(page, `Impayés, un club trouvé (${viewport.name})`);

    // Followed again as a link, the address gives the same answer.
    await page.goto(page.url());
    await expect(table.locator('tbody tr')).toHaveCount(1, { timeout: 30_000 });
    await expect(search).toHaveValue(name);
  });
}

test('R-UI-20: a ligue is not offered Impayés (its scope is its own structure)', async ({ page }) => {
  await signIn(page, 'ligue@demo.fr');
  await page.goto('/gestion-des-finances/flux-financiers');
  await expect(page.getByRole('heading', { name: 'Rechercher les flux financiers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Impayés', exact: true })).toHaveCount(0);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
