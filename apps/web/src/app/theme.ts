import { frFR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

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
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiTextField: { defaultProps: { size: 'small' } },
    },
  },
  frFR,
);
