import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { ROUTES, type RouteName } from '@/lib/routes';
import { useRouteHref } from '@/lib/use-route-href';
import { StructureAvatar } from './StructureAvatar';

export interface SideNavItem {
  route: RouteName;
  label: string;
}

/**
 * Sidebar with the structure's avatar and a navigation list, the child route beside it
 * fading in on each change (SPEC.md screens 2 and 7).
 */
export function SideNavLayout({ structureName, items }: { structureName: string; items: readonly SideNavItem[] }) {
  const routeHref = useRouteHref();
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
      <Paper component="nav" variant="outlined" sx={{ width: { xs: '100%', md: 260 }, flexShrink: 0, py: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
          <StructureAvatar name={structureName} size={102} />
        </Box>
        <List>
          {items.map((item) => (
            <ListItemButton
              key={item.route}
              component={RouterLink}
              to={routeHref(item.route)}
              selected={pathname === ROUTES[item.route]}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Fade in key={pathname} timeout={300}>
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <Outlet />
        </Box>
      </Fade>
    </Box>
  );
}
