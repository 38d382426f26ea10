import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface LabelledValue {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/**
 * A phone card's pairs as a description list: labels in a muted first column, values beside
 * them wrapping anywhere (a long label or IBAN never widens the page). `sx` adds to the list's
 * own style (a margin, another gap).
 */
export function LabelledValues({ items, sx }: { items: readonly LabelledValue[]; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="dl"
      sx={[
        {
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 1.5,
          rowGap: 0.25,
          m: 0,
          typography: 'body2',
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {items.map((item) => (
        <Box key={item.key} sx={{ display: 'contents' }}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </Box>
      ))}
    </Box>
  );
}
