import ArrowBack from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useRouteHref } from '@/lib/use-route-href';
import { exportFilesMessages } from '../messages';

/** R-UI-07: the page's own bar, titled 'EXPORT FICHIERS SEPA', back to the dashboard. */
export function ExportFilesTopBar() {
  const routeHref = useRouteHref();
  return (
    <AppBar component="div" position="static" color="inherit" variant="outlined" sx={{ mb: 3, borderRadius: 1 }}>
      <Toolbar sx={{ gap: 2 }}>
        <Button
          component={RouterLink}
          to={routeHref('gestion_des_finances__dashboard')}
          startIcon={<ArrowBack />}
          color="inherit"
          title={exportFilesMessages.backLabel}
        >
          {exportFilesMessages.back}
        </Button>
        <Typography component="h1" variant="h6" tabIndex={-1} sx={{ fontWeight: 500, letterSpacing: 0.5 }}>
          {exportFilesMessages.title}
        </Typography>
      </Toolbar>
    </AppBar>
  );
}
