import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredProgress } from '@/components/CenteredProgress';
import { useMe } from '@/features/auth/api/get-me';
import { authMessages } from '@/features/auth/messages';
import { getLastClearReason, logout, startSessionCheck, useAuthToken, useSessionStatus } from '@/lib/auth-token';
import { href } from '@/lib/routes';
import { SessionProvider } from '@/lib/session';
import { appMessages } from './messages';
import { AppShell } from './shell/AppShell';
import { ErrorAlert } from '@/components/ErrorAlert';

/**
 * Gate of every authenticated page: first the browser's session cookie is asked for an
 * access token (a reload, or a link opened in a new tab); no session -> login (coming back
 * here afterwards, unless the user logged out); then /api/me loads what the pages read.
 */
export function RequireAuth() {
  const token = useAuthToken();
  const status = useSessionStatus();
  const location = useLocation();
  const me = useMe(token !== null);
  useEffect(startSessionCheck, []);

  if (status === 'unknown') return <CenteredProgress label={authMessages.sessionLoading} />;
  if (token === null) {
    const redirect = getLastClearReason() === 'logout' ? undefined : location.pathname + location.search;
    return <Navigate to={href('login', undefined, { redirect })} replace />;
  }
  if (me.isPending) return <CenteredProgress label={authMessages.sessionLoading} />;
  if (me.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <ErrorAlert error={me.error} onRetry={() => void me.refetch()}>
          {authMessages.sessionError}
        </ErrorAlert>
      </Container>
    );
  }
  if (me.data.memberships.length === 0) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => void logout()}>
              {appMessages.logout}
            </Button>
          }
        >
          {appMessages.noMembership}
        </Alert>
      </Container>
    );
  }
  return (
    <SessionProvider me={me.data}>
      <AppShell>
        <Outlet />
      </AppShell>
    </SessionProvider>
  );
}
