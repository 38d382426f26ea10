import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSession } from '@/lib/session';
import { appMessages } from '../messages';

/** The current structure's name; a menu of the user's other structures when there are some. */
export function StructureSwitcher() {
  const { me, currentStructure, selectStructure } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (me.memberships.length < 2) {
    return (
      <Typography noWrap title={currentStructure.structureName} sx={{ fontWeight: 500, minWidth: 0 }}>
        {currentStructure.structureName}
      </Typography>
    );
  }
  return (
    <>
      {/* describeChild: the tooltip describes the button, its name stays the structure's name. */}
      <Tooltip title={appMessages.switchStructure} describeChild>
        <Button
          color="inherit"
          endIcon={<ArrowDropDown />}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'structure-menu' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ fontWeight: 500, maxWidth: 360, minWidth: 0 }}
        >
          <Typography noWrap component="span" sx={{ fontWeight: 'inherit' }}>
            {currentStructure.structureName}
          </Typography>
        </Button>
      </Tooltip>
      <Menu id="structure-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {me.memberships.map((membership) => (
          <MenuItem
            key={membership.structureId}
            selected={membership.structureId === currentStructure.structureId}
            onClick={() => {
              setAnchor(null);
              selectStructure(membership.structureId);
            }}
          >
            <ListItemText
              primary={membership.structureName}
              secondary={[membership.role.name, membership.codeFederal].filter(Boolean).join(' · ')}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
