import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A child page shown beside a side navigation: a section with its own heading. */
export function SubPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
