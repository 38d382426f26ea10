import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { frFR as pickersFrFR } from '@mui/x-date-pickers/locales';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import 'dayjs/locale/fr';
import { useEffect, type ReactNode } from 'react';
import { getToken, subscribeToToken } from '@/lib/auth-token';
import { theme } from './theme';

const pickerLocaleText = pickersFrFR.components.MuiLocalizationProvider.defaultProps.localeText;

/** Everything a page needs around it, except the router (main.tsx and tests pick one). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // When the token goes (logout or 401), so does every cached answer of that session.
  useEffect(
    () =>
      subscribeToToken(() => {
        if (getToken() === null) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="fr" localeText={pickerLocaleText}>
          {children}
        </LocalizationProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
