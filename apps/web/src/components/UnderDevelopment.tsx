import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { componentMessages } from './messages';

/** Body of a page whose module is announced but not built yet (R-UI-06). */
export function UnderDevelopment() {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, color: 'text.secondary' }}
    >
      <ConstructionOutlined fontSize="large" />
      <Typography>{componentMessages.underDevelopment}</Typography>
    </Paper>
  );
}
