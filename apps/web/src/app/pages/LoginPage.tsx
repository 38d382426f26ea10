import Box from '@mui/material/Box';
import { Navigate, useSearchParams } from 'react-router';
import { LoginCard } from '@/features/auth/components/LoginCard';
import { authMessages } from '@/features/auth/messages';
import { useAuthToken } from '@/lib/auth-token';
import { href, safeRedirectPath } from '@/lib/routes';

/**
 * /connexion. Once a token is stored (just now, or earlier in this tab) the user goes back
 * to the page that asked for the login (same site only), else to the dashboard.
 */
export function LoginPage() {
  const token = useAuthToken();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get('redirect')) ?? href('gestion_des_finances__dashboard');

  if (token !== null) return <Navigate to={target} replace />;
  return (
    <Box
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
