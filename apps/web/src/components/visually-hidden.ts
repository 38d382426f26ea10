import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Read by screen readers, invisible on screen. Absolutely positioned: give its container
 * `position: relative` inside a scrolling box (a table), or it widens the page.
 */
export const visuallyHidden: SxProps<Theme> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
