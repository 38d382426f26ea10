import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations as expectNoViolations } from './support/accessibility';
import { signIn } from './support/session';

// R-UI-11: axe-core on every screen, in the state a user sees it (loaded, with
// results, a dialog open); the specs of the wave's flows (accounting periods, SEPA returns)
// check their own dialogs and tables the same way.

/** Opens a path and waits for what shows the screen loaded (progress bars gone). */
async function open(page: Page, path: string, ready: (page: Page) => Locator) {
  await page.goto(path);
  await expect(ready(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name });

test.describe('accessibility (axe-core, WCAG 2.1 A/AA and best practices)', () => {
  test('the login page, with and without an error', async ({ page }) => {
    await open(page, '/connexion', heading('Connexion'));
    await expectNoViolations(page, 'login');
    await page.getByLabel('E-mail').fill('personne@demo.fr');
    await page.getByLabel('Mot de passe').fill('mauvais');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolations(page, 'login with an error');
  });

  test('the head office: dashboards, search with results and its modal, settings, SEPA, SAGE, RIB, placeholders', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, 'siege@demo.fr');
    const screens: [string, string, (page: Page) => Locator][] = [
      [
        'finance dashboard',
        '/gestion-des-finances',
        (p) => p.getByRole('link').filter({ hasText: /Flux financiers/i }),
      ],
      ['accounting dashboard', '/gestion-comptabilite', (p) => p.getByRole('main').getByRole('link')],
      ['plan comptable', '/gestion-comptabilite/parametrages/plan-comptable', (p) => p.getByRole('main')],
      ['type de facturation', '/gestion-comptabilite/parametrages/type-facturation', (p) => p.getByRole('main')],
      ['plan analytique', '/gestion-comptabilite/parametrages/plan-analytique', (p) => p.getByRole('main')],
      ['flux financier settings', '/gestion-comptabilite/parametrages/flux-financier', (p) => p.getByRole('main')],
      ['SEPA', '/export-fichiers/sepa', (p) => p.getByRole('button', { name: 'Générer et télécharger le fichier' })],
      ['SAGE', '/export-fichiers/sage', (p) => p.getByRole('main')],
      ['RIB', '/gestion-des-finances/rib', (p) => p.getByRole('main')],
      ['paramétrage plan comptable', '/gestion-des-finances/parametrage-plan-comptable', (p) => p.getByRole('main')],
      ['états statistiques', '/gestion-des-finances/etats-statistiques', (p) => p.getByRole('main')],
      ['récapitulatif', '/gestion-des-finances/recapitulatif', (p) => p.getByRole('main')],
      ['page not found', '/nulle-part', (p) => p.getByRole('main')],
    ];
    for (const [screen, path, ready] of screens) {
      await test.step(screen, async () => {
        await open(page, path, ready);
        await expectNoViolations(page, screen);
      });
    }

    await test.step('search with results and the detail modal', async () => {
      await open(page, '/gestion-des-finances/flux-financiers?libelle=Prélèvement&saison=', (p) =>
        p.getByRole('table').locator('tbody tr'),
      );
      await expectNoViolations(page, 'search with results');
      // The totals line and its folded chart (R-SEARCH-14), unfolded.
      await page.getByRole('button', { name: 'Afficher le graphique' }).click();
      await expect(page.getByText('Débit et crédit par mois')).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('figure svg').first()).toBeVisible();
      await expectNoViolations(page, 'search with its chart');
      await page
        .getByRole('button', { name: /Voir le détail du flux/ })
        .first()
        .click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Fermer' })).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('progressbar')).toHaveCount(0);
      await expectNoViolations(page, 'detail modal');
    });
  });

  test('a club: its dashboard, its search on a phone, a screen it may not open', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'club@demo.fr');
    await open(page, '/gestion-des-finances', (p) => p.getByRole('main').getByRole('link'));
    await expectNoViolations(page, 'club dashboard');
    await open(page, '/export-fichiers/sepa', (p) => p.getByRole('main'));
    await expectNoViolations(page, 'access denied');
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/gestion-des-finances/flux-financiers?libelle=Licence', (p) =>
      p.getByRole('list', { name: 'Résultats de la recherche de flux' }).getByRole('listitem'),
    );
    await expectNoViolations(page, 'club search on a phone');
  });

  test('a blocked club and a club not affiliated: their dashboards', async ({ page }) => {
    for (const account of ['club.bloque@demo.fr', 'club.non.affilie@demo.fr']) {
      await page.context().clearCookies();
      await signIn(page, account);
      await open(page, '/gestion-des-finances', (p) => p.getByRole('main'));
      await expectNoViolations(page, `${account} dashboard`);
    }
  });
});
