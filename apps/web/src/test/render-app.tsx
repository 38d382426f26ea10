import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { setToken } from '@/lib/auth-token';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';

/** The whole app (real routes and providers) at `path`, with a memory history. */
export function renderApp(path: string, { token }: { token?: string } = {}) {
  if (token) setToken(token);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  // RouterProvider from 'react-router' (not 'react-router/dom' as in main.tsx): under Vitest
  // the latter loads a second copy of react-router whose contexts the pages do not see.
  // No retries: a failing call should fail the test now, not after back-off delays.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

/** "/path?query" of the memory router, for assertions on navigation. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
