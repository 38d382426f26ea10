import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the JSON login with the page's own request context, which shares the
 * browser context's cookies: the httpOnly session cookie is then the browser's, and the app
 * finds the session at start-up as a new tab would (the login form is login.spec.ts's).
 * Returns the access token, for direct API calls of the test.
 */
export async function signIn(page: Page, email: string): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: { email, password: 'demo1234' } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}
