import type { MeResponse } from '@gdf/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionProvider } from '@/lib/session';

/** Renders `ui` as the signed-in `me` would see it: fresh query cache (no retries), a router. */
export function renderWithSession(ui: ReactNode, me: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SessionProvider me={me}>{ui}</SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
