import Logout from '@mui/icons-material/Logout';
import PendingActions from '@mui/icons-material/PendingActions';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { RouteLink } from '@/components/RouteLink';
import { logout } from '@/lib/auth-token';
import { useSession } from '@/lib/session';
import { useRouteHref } from '@/lib/use-route-href';
import { appMessages } from '../messages';
import { StructureSwitcher } from './StructureSwitcher';
import { TopBarMenu } from './TopBarMenu';

/**
 * Standalone mode's application bar: product, structure, user and logout; below 600 px
 * (phones) the last three fold into a menu, so the bar never runs past the screen.
 */
export function TopBar() {
  const { me } = useSession();
  const routeHref = useRouteHref();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (phone)
    return (
      <AppBar position="sticky" color="primary">
        <Toolbar sx={{ gap: 1 }}>
          <RouteLink
            to="gestion_des_finances__dashboard"
            color="inherit"
            underline="none"
            variant="h6"
            noWrap
            sx={{ fontWeight: 500, flexGrow: 1, minWidth: 0 }}
          >
            {appMessages.productName}
          </RouteLink>
          <TopBarMenu />
        </Toolbar>
      </AppBar>
    );
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: 2 }}>
        <RouteLink
          to="gestion_des_finances__dashboard"
          color="inherit"
          underline="none"
          variant="h6"
          sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}
        >
          {appMessages.productName}
        </RouteLink>
        <Divider orientation="vertical" flexItem sx={{ borderColor: 'rgba(255,255,255,0.3)', my: 1.5 }} />
        <StructureSwitcher />
        <Box sx={{ flexGrow: 1 }} />
        {/* Tablets: the user's name gives way to the structure's. */}
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
          <PersonOutlined fontSize="small" />
          <Typography variant="body2">{`${me.user.firstName} ${me.user.lastName}`}</Typography>
        </Box>
        <Button
          component={RouterLink}
          to={routeHref('mes_traitements')}
          color="inherit"
          startIcon={<PendingActions />}
          sx={{ flexShrink: 0 }}
        >
          {appMessages.myJobs}
        </Button>
        <Button color="inherit" startIcon={<Logout />} onClick={() => void logout()} sx={{ flexShrink: 0 }}>
          {appMessages.logout}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
