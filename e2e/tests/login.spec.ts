import { expect, test } from '@playwright/test';

// A newcomer logs in through the real UI and sees the app shell.
test('logs in with a demo account and sees the app shell', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/connexion/);
  await page.getByLabel('Adresse e-mail').fill('club@demo.fr');
  await page.getByLabel('Mot de passe').fill('demo1234');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/gestion-des-finances/);
  await expect(page.getByRole('banner')).toContainText('Gestion des finances');
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
});

test('shows the French error message on a wrong password', async ({ page }) => {
  await page.goto('/connexion');
  await page.getByLabel('Adresse e-mail').fill('club@demo.fr');
  await page.getByLabel('Mot de passe').fill('mauvais');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
});

test('shows the French 404 page for an unknown route', async ({ page }) => {
  await page.goto('/connexion');
  await page.getByLabel('Adresse e-mail').fill('siege@demo.fr');
  await page.getByLabel('Mot de passe').fill('demo1234');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/gestion-des-finances/);
  await page.goto('/nulle-part');
  await expect(page.getByText('Page introuvable')).toBeVisible();
});
