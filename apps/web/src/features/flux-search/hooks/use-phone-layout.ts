import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

/**
 * True below MUI's 'sm' breakpoint (600 px): results as cards, the detail full-screen.
 * noSsr reads the media query on the first render, so a phone never mounts the table first.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}
