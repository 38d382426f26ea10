import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support/session';

// R-PERM-02: each demo account's dashboard says, card by card, what it can open and why not.
const COMING_SOON = 'Module prochainement disponible.';
const NO_RIGHTS =
  "Vous n'avez pas les droits nécessaire pour accéder à ce module. Merci de contacter un administrateur.";
const BLOCKED = 'Cette structure est bloquée.';
const NOT_AFFILIATED_THIS_SEASON = "Cette structure n'est pas affiliée sur la saison en cours.";
const COMING_SOON_CARDS = ['Paramétrages comptable'];
// R-RECAP-08: 'Récapitulatif mensuel' is the module for the holders of its permission (every demo role).
const RECAP_CARD = 'Récapitulatif mensuel';

/**
 * Signs in through the API (the login form itself is covered by login.spec.ts): successful
 * sign-ins never count against the login throttle, whatever their number from one address.
 */
async function login(page: Page, email: string) {
  await signIn(page, email);
  await page.goto('/gestion-des-finances');
  await expect(page.getByRole('heading', { name: 'Gestion des finances', level: 1 })).toBeVisible();
}

const modules = (page: Page) => page.getByRole('list', { name: 'Modules' });
const card = (page: Page, title: string) => modules(page).getByRole('link', { name: title, exact: true });

/** Focus from the keyboard (Shift+Tab then Tab), as :focus-visible, which opens MUI tooltips. */
async function focusByKeyboard(page: Page, target: Locator) {
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

async function expectDisabled(page: Page, target: Locator, tooltip: string) {
  const tooltips = page.getByRole('tooltip');
  // Until it settles to exactly this one: the previous card's tooltip (Shift+Tab passes over
  // it) may still be closing, slower on a loaded machine.
  const openTooltips = () => tooltips.allTextContents();
  await expect(target).toHaveAttribute('aria-disabled', 'true');
  await expect(target).not.toHaveAttribute('href');
  await target.hover();
  await expect.poll(openTooltips).toEqual([tooltip]);
  await page.mouse.move(0, 0);
  await expect(tooltips).toHaveCount(0);
  await focusByKeyboard(page, target);
  await expect.poll(openTooltips).toEqual([tooltip]);
  await target.blur();
  await expect(tooltips).toHaveCount(0);
}

async function expectFluxLink(page: Page) {
  const href = await card(page, 'Recherche flux financiers').getAttribute('href');
  const url = new URL(href ?? '', 'http://x');
  expect(url.pathname).toBe('/gestion-des-finances/flux-financiers');
  expect(url.searchParams.get('structureId')).toMatch(/^\d+$/);
  expect(url.searchParams.get('appMode')).toBe('standalone');
  return Number(url.searchParams.get('structureId'));
}

async function expectComingSoon(page: Page) {
  for (const title of COMING_SOON_CARDS) await expectDisabled(page, card(page, title), COMING_SOON);
}

for (const email of ['super.admin@demo.fr', 'siege@demo.fr']) {
  test(`${email}: every available card open, RIB included`, async ({ page }) => {
    await login(page, email);
    await expectComingSoon(page);
    expect(await expectFluxLink(page)).toBe(1318);
    await expect(card(page, 'SAGE/SEPA')).toHaveAttribute('href', '/export-fichiers/sepa');
    await expect(card(page, 'RIB')).toHaveAttribute('href', '/gestion-des-finances/rib');
    // R-INV-10: 'Création factures' opens for the head office.
    await expect(card(page, 'Création factures')).toHaveAttribute('href', '/gestion-des-finances/creation-factures');
    await expect(card(page, RECAP_CARD)).toHaveAttribute('href', '/gestion-des-finances/recapitulatif');

    await card(page, 'RIB').click();
    await expect(page.getByRole('heading', { name: 'RIB', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'RIB du siège fédéral' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^FR\d\d( [0-9A-Z]{4})+( [0-9A-Z]{1,4})?$/ }).first()).toBeVisible();
  });
}

for (const email of ['ligue@demo.fr', 'comite@demo.fr', 'club@demo.fr']) {
  test(`${email}: flux search and SAGE open, no RIB, SEPA denied`, async ({ page }) => {
    await login(page, email);
    await expectComingSoon(page);
    expect(await expectFluxLink(page)).not.toBe(1318);
    await expect(card(page, RECAP_CARD)).toHaveAttribute('href', '/gestion-des-finances/recapitulatif');
    await expect(card(page, 'SAGE/SEPA')).toHaveAttribute('href', '/export-fichiers/sage');
    await expect(card(page, 'RIB')).toHaveCount(0);

    await card(page, 'SAGE/SEPA').click();
    await expect(page.getByRole('heading', { name: 'EXPORT FICHIERS SEPA', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Fichiers à exporter' });
    await expect(nav.getByRole('link', { name: 'SAGE' })).toHaveAttribute('href', '/export-fichiers/sage');
    await expectDisabled(page, nav.getByRole('link', { name: 'SEPA' }), NO_RIGHTS);

    // Typed by URL, the SEPA page is refused too.
    await page.goto('/export-fichiers/sepa');
    await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
    await expect(page.getByText(NO_RIGHTS)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour à Gestion des finances' })).toBeVisible();
  });
}

test('club.bloque@demo.fr: every card disabled, the blocked structure said', async ({ page }) => {
  await login(page, 'club.bloque@demo.fr');
  await expectComingSoon(page);
  await expectDisabled(page, card(page, 'Recherche flux financiers'), BLOCKED);
  await expectDisabled(page, card(page, 'SAGE/SEPA'), BLOCKED);
  await expectDisabled(page, card(page, RECAP_CARD), BLOCKED);
  await expect(card(page, 'RIB')).toHaveCount(0);
});

test('club.non.affilie@demo.fr: not affiliated on the current season', async ({ page }) => {
  await login(page, 'club.non.affilie@demo.fr');
  await expectComingSoon(page);
  await expectDisabled(page, card(page, 'Recherche flux financiers'), NOT_AFFILIATED_THIS_SEASON);
  await expectDisabled(page, card(page, 'SAGE/SEPA'), NOT_AFFILIATED_THIS_SEASON);
  await expectDisabled(page, card(page, RECAP_CARD), NOT_AFFILIATED_THIS_SEASON);
  await expect(card(page, 'RIB')).toHaveCount(0);
});

// R-SEPA-09, R-PAY-08: the head office's Administrateur SI holds the payout grant by default, so
// 'Générer les virements SEPA' is the module, not the placeholder (which a SEPA reader without the
// grant keeps: apps/web's sepa-payouts.test.tsx; no demo account is one).
test('the head office sees the export page with both entries and the payout module', async ({ page }) => {
  await login(page, 'siege@demo.fr');
  await card(page, 'SAGE/SEPA').click();
  await expect(page).toHaveURL(/\/export-fichiers\/sepa/);
  await expect(page.getByRole('heading', { name: 'Générer les virements SEPA' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Virements à verser' })).toBeVisible();
  await expect(page.getByText('Module en dévelopement')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Fichiers à exporter' }).getByRole('link', { name: 'SAGE' }).click();
  await expect(page.getByRole('heading', { name: 'Export SAGE' })).toBeVisible();
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/gestion-des-finances$/);
});
