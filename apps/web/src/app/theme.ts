import { frFR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

/** R-UI-17: the focus ring (WCAG 2.4.7), 11:1 on the page's light greys; white on the blue bar. */
const FOCUS_RING = { outline: '3px solid #123c69', outlineOffset: 2 } as const;
const INSET_RING = { '&.Mui-focusVisible': { outlineOffset: -3 } } as const;
const FOCUS_RING_ON_BAR = { outlineColor: '#ffffff' } as const;

/** Sober back-office theme: deep blue, light grey background, flat surfaces. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#123c69', light: '#3f6694', dark: '#0a2647', contrastText: '#ffffff' },
      secondary: { main: '#5c6b7a' },
      // MUI's orange (#ed6c02) is 3.3:1 on white; this one reaches AA (4.5:1) for warning buttons and chips.
      warning: { main: '#b45309' },
      // MUI's light blue (#0288d1) is 3.9:1 under white text ('Relancé', 'Rejets relancés' chips); its dark shade is AA.
      info: { main: '#01579b' },
      background: { default: '#f4f6f9', paper: '#ffffff' },
    },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': FOCUS_RING,
          // A text field's input draws no ring of its own: its frame does.
          '.MuiInputBase-root.Mui-focused:has(:focus-visible)': FOCUS_RING,
          '.MuiInputBase-input:focus-visible, .MuiSelect-select:focus-visible': { outline: 'none' },
          '.MuiAppBar-root :focus-visible, .MuiAppBar-root .MuiButtonBase-root.Mui-focusVisible': FOCUS_RING_ON_BAR,
        },
      },
      // ButtonBase resets the outline (cards, buttons, chips, tabs, menu items, checkboxes).
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
      // Inside a card, a menu or a tab bar (overflow hidden) the ring is drawn within the edge, or it would be clipped.
      MuiCardActionArea: { styleOverrides: { root: INSET_RING } },
      MuiMenuItem: { styleOverrides: { root: INSET_RING } },
      MuiTab: { styleOverrides: { root: INSET_RING } },
      MuiListItemButton: { styleOverrides: { root: INSET_RING } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiTextField: { defaultProps: { size: 'small' } },
    },
  },
  frFR,
);
