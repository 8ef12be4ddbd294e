import { createTheme } from '@mui/material/styles';

/** A calm, professional palette: deep slate blue for actions, warm bronze for accents, off-white surfaces. */
export const appTheme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f4e79', dark: '#163a5a', light: '#4a76a0', contrastText: '#ffffff' },
    secondary: { main: '#8a5a2b', contrastText: '#ffffff' },
    background: { default: '#f5f6f8', paper: '#ffffff' },
    text: { primary: '#1d2733', secondary: '#4a5563' },
    warning: { main: '#b45309' },
  },
  // MUI's opt-in ring on every focus-visible control: 2px of the primary colour, outset 2px (inset where clipped).
  focusVisible: true,
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "DejaVu Sans", sans-serif',
    fontSize: 15,
    h1: { fontSize: '2.1rem', fontWeight: 600, lineHeight: 1.25 },
    h2: { fontSize: '1.6rem', fontWeight: 600, lineHeight: 1.3 },
    h3: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.35 },
    body1: { lineHeight: 1.6 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // No ripples: a keyboard-focused radio, checkbox or button pulsed for as long as it kept focus, an animation that
    // repainted every frame (a third of the main thread per arrow key on a radio group). MUI's focus ring shows focus.
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});
