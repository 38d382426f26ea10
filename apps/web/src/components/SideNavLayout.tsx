import Box from '@mui/material/Box';
import Fade from '@mui/material/Fade';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { ROUTES, type RouteName } from '@/lib/routes';
import { useRouteHref } from '@/lib/use-route-href';
import { ReasonTooltip } from './ReasonTooltip';
import { StructureAvatar } from './StructureAvatar';

export interface SideNavItem {
  route: RouteName;
  label: string;
  /** Why the entry cannot be opened: it is then disabled, with this text as its tooltip. */
  disabledReason?: string;
}

interface SideNavLayoutProps {
  items: readonly SideNavItem[];
  /** Accessible name of the navigation. */
  label: string;
  /** True while the entries' access is being checked: placeholders instead of links. */
  pending?: boolean;
}

/**
 * Sidebar with the current structure's avatar (size 102) and a navigation list, the child
 * route beside it fading in on each change (R-UI-05, R-UI-07).
 */
export function SideNavLayout({ items, label, pending = false }: SideNavLayoutProps) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', md: 'row' }, alignItems: 'flex-start' }}>
      <Paper
        component="nav"
        aria-label={label}
        variant="outlined"
        sx={{ width: { xs: '100%', md: 260 }, flexShrink: 0, py: 2 }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
          <StructureAvatar size={102} />
        </Box>
        <List aria-busy={pending}>
          {items.map((item) => (
            // A list holds list items only (axe 'list'): each entry is its own <li>.
            <ListItem key={item.route} disablePadding>
              {pending ? (
                <Skeleton variant="text" sx={{ mx: 2, my: 1.5, flexGrow: 1 }} />
              ) : (
                <SideNavEntry item={item} selected={pathname === ROUTES[item.route]} />
              )}
            </ListItem>
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

function SideNavEntry({ item, selected }: { item: SideNavItem; selected: boolean }) {
  const routeHref = useRouteHref();
  if (item.disabledReason === undefined) {
    return (
      <ListItemButton
        component={RouterLink}
        to={routeHref(item.route)}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
      >
        <ListItemText primary={item.label} />
      </ListItemButton>
    );
  }
  // Not `disabled`: it would leave the tab order, and the tooltip with it.
  return (
    <ReasonTooltip reason={item.disabledReason}>
      <ListItemButton
        component="div"
        role="link"
        aria-disabled="true"
        selected={selected}
        disableRipple
        sx={{ color: 'text.disabled', cursor: 'not-allowed' }}
      >
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ReasonTooltip>
  );
}
