import type { MeResponse } from '@gdf/domain';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { frFR as pickersFrFR } from '@mui/x-date-pickers/locales';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/fr';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionProvider } from '@/lib/session';

const pickerLocaleText = pickersFrFR.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * Renders `ui` as the signed-in `me` would see it: fresh query cache (no retries), a router,
 * and the French date pickers of AppProviders.
 */
export function renderWithSession(ui: ReactNode, me: MeResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr" localeText={pickerLocaleText}>
          <SessionProvider me={me}>{ui}</SessionProvider>
        </LocalizationProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
