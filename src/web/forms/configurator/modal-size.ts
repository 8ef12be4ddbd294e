import type { SxProps, Theme } from '@mui/material';

/**
 * Spec 2 §2.2: modals are 85% of the smaller window dimension high and twice that wide (never wider than the window).
 * On a phone held upright 85vmin is a third of the screen (340 px of a 400 x 900 window): there the modal takes the
 * window's height, less the dialog's margins.
 */
export const configuratorModalPaperSx: SxProps<Theme> = {
  height: { xs: '100%', sm: '85vmin' },
  width: 'min(170vmin, calc(100vw - 32px))',
  maxWidth: 'none',
  m: 2,
};
