import { expect, test, type Request } from '@playwright/test';

// R-SEC-03, R-SEC-04: the session is an httpOnly cookie, the access token stays in memory.
const SEARCH_PATH = '/gestion-des-finances/flux-financiers';

test('a copied search link opens signed in in a new tab; the PDF opens without a token in its URL', async ({
  context,
  page,
}) => {
  test.setTimeout(90_000); // two tabs, a search and a PDF on a shared 2-core machine
  await page.goto('/connexion');
  await page.getByLabel('Adresse e-mail').fill('club@demo.fr');
  await page.getByLabel('Mot de passe').fill('demo1234');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

  // The session cookie: out of reach of scripts, sent to /api/auth only, never cross-site.
  const [cookie, ...others] = await context.cookies();
  expect(others).toEqual([]);
  expect(cookie).toMatchObject({ name: 'gdf_session', httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  // Nothing of the session in storage a script could read.
  const stored = await page.evaluate(() => JSON.stringify([{ ...sessionStorage }, { ...localStorage }]));
  expect(stored).not.toMatch(/eyJ|gdf_session/);

  await page.goto(`${SEARCH_PATH}?libelle=Licence`);
  await expect(page.getByRole('table').first().locator('tbody tr').first()).toBeVisible();
  const copiedLink = page.url();

  const secondTab = await context.newPage();
  await secondTab.bringToFront(); // a background tab gets no animation frames: clicks would wait
  const sent: Request[] = [];
  secondTab.on('request', (request) => sent.push(request));
  await secondTab.goto(copiedLink);
  await expect(secondTab).toHaveURL(copiedLink);
  const rows = secondTab.getByRole('table').first().locator('tbody tr');
  await expect(rows.first()).toContainText(/licence/i);

  await rows
    .first()
    .getByRole('button', { name: /Voir le détail du flux/ })
    .click();
  const pdfResponse = secondTab.waitForResponse((response) => /\/api\/flux\/\d+\/facture\.pdf/.test(response.url()));
  await secondTab.getByRole('dialog').getByRole('link', { name: 'Afficher la facture à imprimer' }).click();
  const pdf = await pdfResponse;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(await pdf.request().headerValue('authorization')).toMatch(/^Bearer /);
  await expect(secondTab.getByRole('button', { name: 'Télécharger' })).toBeVisible();
  for (const request of sent) expect(request.url()).not.toMatch(/access_token|eyJ/);

  // Both tabs refreshed with the same cookie family: the first one is still signed in.
  await page.bringToFront();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();

  // 'Se déconnecter' in one tab ends the session in the other at once.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(secondTab.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await secondTab.goto(copiedLink);
  await expect(secondTab).toHaveURL(/\/connexion/);
});
