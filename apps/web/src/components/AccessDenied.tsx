import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useRouteHref } from '@/lib/use-route-href';
import { componentMessages } from './messages';

interface AccessDeniedProps {
  /** The card state's tooltip text: why the module cannot be opened. */
  reason: string;
  /** 'page' when it replaces a whole page (h1 and tab title), 'section' inside a layout (h2). */
  variant?: 'page' | 'section';
}

/** Shown instead of a module's page when its URL is typed without access (the server refuses the data too). */
export function AccessDenied({ reason, variant = 'page' }: AccessDeniedProps) {
  const routeHref = useRouteHref();
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 4, my: variant === 'page' ? 4 : 0, mx: 'auto', maxWidth: 640, textAlign: 'center' }}
    >
      {variant === 'page' && (
        <title>{`${componentMessages.accessDeniedTitle} · ${componentMessages.productName}`}</title>
      )}
      <LockOutlined color="action" fontSize="large" />
      <Typography component={variant === 'page' ? 'h1' : 'h2'} variant="h5" gutterBottom>
        {componentMessages.accessDeniedTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {reason}
      </Typography>
      <Button component={RouterLink} to={routeHref('gestion_des_finances__dashboard')} variant="contained">
        {componentMessages.accessDeniedBack}
      </Button>
    </Paper>
  );
}
