import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PendingActions from '@mui/icons-material/PendingActions';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { logout } from '@/lib/auth-token';
import { useSession } from '@/lib/session';
import { useRouteHref } from '@/lib/use-route-href';
import { appMessages } from '../messages';

/** Information rows of the menu: readable, skipped by the arrow keys, not greyed out. */
const INFO_SX = { '&.Mui-disabled': { opacity: 1 } } as const;

/**
 * The application bar folded for phones: the user, the structure (or the structures to
 * switch to) and 'Se déconnecter', behind one menu button.
 */
export function TopBarMenu() {
  const { me, currentStructure, selectStructure } = useSession();
  const routeHref = useRouteHref();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const switchable = me.memberships.length > 1;
  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={appMessages.menu}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'app-bar-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu
        id="app-bar-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <MenuItem disabled sx={INFO_SX}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={`${me.user.firstName} ${me.user.lastName}`} />
        </MenuItem>
        {!switchable && (
          <MenuItem disabled sx={INFO_SX}>
            <ListItemText inset primary={currentStructure.structureName} sx={{ whiteSpace: 'normal' }} />
          </MenuItem>
        )}
        {switchable && <ListSubheader>{appMessages.switchStructure}</ListSubheader>}
        {switchable &&
          me.memberships.map((membership) => (
            <MenuItem
              key={membership.structureId}
              selected={membership.structureId === currentStructure.structureId}
              onClick={() => {
                close();
                selectStructure(membership.structureId);
              }}
            >
              <ListItemText
                primary={membership.structureName}
                secondary={[membership.role.name, membership.codeFederal].filter(Boolean).join(' · ')}
                sx={{ whiteSpace: 'normal' }}
              />
            </MenuItem>
          ))}
        <Divider />
        <MenuItem component={RouterLink} to={routeHref('mes_traitements')} onClick={close}>
          <ListItemIcon>
            <PendingActions fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={appMessages.myJobs} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={appMessages.logout} />
        </MenuItem>
      </Menu>
    </>
  );
}
