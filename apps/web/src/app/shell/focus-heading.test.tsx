import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meFixture } from '@/test/fixtures';
import { jsonResponse, stubApi } from '@/test/stub-api';
import { renderApp } from '@/test/render-app';

describe('focus after a navigation (R-UI-17)', () => {
  it('focuses the first page’s heading when nothing has the focus, then the new page’s after each navigation', async () => {
    stubApi({
      'GET /api/me': () => jsonResponse(meFixture),
      'GET /api/traitements': () => jsonResponse({ traitements: [] }),
    });
    const { router } = renderApp('/gestion-des-finances', { token: 'jwt' });
    const first = await screen.findByRole('heading', { level: 1 });
    expect(first).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(document.activeElement).toBe(first));

    await router.navigate('/mes-traitements');
    const jobs = await screen.findByRole('heading', { level: 1, name: 'Mes traitements' });
    await waitFor(() => expect(document.activeElement).toBe(jobs));

    await router.navigate('/page-qui-n-existe-pas');
    const heading = await screen.findByRole('heading', { level: 1, name: /introuvable/i });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('leaves the focus where a field of the first page took it (the login form’s e-mail)', async () => {
    stubApi({ 'GET /api/me': () => jsonResponse(meFixture) });
    renderApp('/connexion');
    await screen.findByRole('heading', { level: 1 });
    const email = await screen.findByRole('textbox', { name: /e-mail/i });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { level: 1 }));
  });
});
