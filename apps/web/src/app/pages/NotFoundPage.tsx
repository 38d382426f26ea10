import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useRouteHref } from '@/lib/use-route-href';
import { appMessages } from '../messages';

export function NotFoundPage() {
  const routeHref = useRouteHref();
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <title>{`${appMessages.notFoundTitle} · ${appMessages.productName}`}</title>
      <Typography variant="overline" color="text.secondary">
        404
      </Typography>
      <Typography component="h1" variant="h4" tabIndex={-1} gutterBottom>
        {appMessages.notFoundTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {appMessages.notFoundText}
      </Typography>
      <Button component={RouterLink} to={routeHref('gestion_des_finances__dashboard')} variant="contained">
        {appMessages.backToDashboard}
      </Button>
    </Container>
  );
}
