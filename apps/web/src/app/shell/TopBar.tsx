import Logout from '@mui/icons-material/Logout';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { RouteLink } from '@/components/RouteLink';
import { logout } from '@/lib/auth-token';
import { useSession } from '@/lib/session';
import { appMessages } from '../messages';
import { StructureSwitcher } from './StructureSwitcher';

/** Standalone mode's application bar: product, structure, user and logout. */
export function TopBar() {
  const { me } = useSession();
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
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.5 }}>
          <PersonOutlined fontSize="small" />
          <Typography variant="body2">{`${me.user.firstName} ${me.user.lastName}`}</Typography>
        </Box>
        <Button color="inherit" startIcon={<Logout />} onClick={() => void logout()}>
          {appMessages.logout}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
