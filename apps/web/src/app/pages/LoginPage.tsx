import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { CenteredProgress } from '@/components/CenteredProgress';
import { LoginCard } from '@/features/auth/components/LoginCard';
import { authMessages } from '@/features/auth/messages';
import { startSessionCheck, useAuthToken, useSessionStatus } from '@/lib/auth-token';
import { href, safeRedirectPath } from '@/lib/routes';

/**
 * /connexion. Once signed in (just now, or already in this browser: its session cookie is
 * tried first) the user goes back to the page that asked for the login (same site only),
 * else to the dashboard.
 */
export function LoginPage() {
  const token = useAuthToken();
  const status = useSessionStatus();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get('redirect')) ?? href('gestion_des_finances__dashboard');
  useEffect(startSessionCheck, []);

  if (token !== null) return <Navigate to={target} replace />;
  if (status === 'unknown') return <CenteredProgress label={authMessages.sessionLoading} />;
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <title>{`${authMessages.title} · ${authMessages.subtitle}`}</title>
      <LoginCard />
    </Box>
  );
}
