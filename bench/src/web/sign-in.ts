import type { Page } from 'playwright-core';

/**
 * Signs the page's browser context in as the head office: the login answer sets the
 * httpOnly session cookie, and the app finds the session at start-up (the access token
 * lives in the page's memory only, so it cannot be injected into storage any more).
 */
export async function signInBrowser(page: Page, address: string): Promise<void> {
  const response = await page.request.post(`${address}/api/auth/login`, {
    data: { email: 'siege@demo.fr', password: 'demo1234' },
  });
  if (!response.ok()) throw new Error(`connexion du banc refusée : ${response.status()}`);
}
