import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { componentMessages } from './messages';

/** Whole-area spinner for a page or session that is loading. */
export function CenteredProgress({ label = componentMessages.loading }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh', width: '100%' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
