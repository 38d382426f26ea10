import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One section of the cockpit: a titled region, its figures side by side when there is room. */
export function StatSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`${id}-titre`} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={`${id}-titre`} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 3 }}>
        {children}
      </Stack>
    </Paper>
  );
}
