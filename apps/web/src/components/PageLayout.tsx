import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { RouteName } from '@/lib/routes';
import { useRouteHref } from '@/lib/use-route-href';
import { componentMessages } from './messages';

interface PageLayoutProps {
  title: string;
  /** Named route of the back button, when the page has one. */
  backTo?: RouteName;
  /** Where the back button goes instead (the exact page the user came from), when known. */
  backHref?: string;
  /** Buttons shown at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** Title row and content of a page; the tab title follows the page title. */
export function PageLayout({ title, backTo, backHref, actions, children }: PageLayoutProps) {
  const routeHref = useRouteHref();
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <title>{`${title} · ${componentMessages.productName}`}</title>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3, flexWrap: 'wrap' }}>
        {(backHref || backTo) && (
          <Button
            component={RouterLink}
            to={backHref ?? routeHref(backTo as RouteName)}
            startIcon={<ArrowBack />}
            color="inherit"
          >
            {componentMessages.back}
          </Button>
        )}
        <Typography component="h1" variant="h5" tabIndex={-1} sx={{ flexGrow: 1, fontWeight: 500 }}>
          {title}
        </Typography>
        {actions && <Box>{actions}</Box>}
      </Stack>
      {children}
    </Container>
  );
}
