import type { SxProps, Theme } from '@mui/material';

/** Spec 2 §2.2: modals are 85% of the smaller window dimension high and twice that wide (never wider than the window). */
export const configuratorModalPaperSx: SxProps<Theme> = {
  height: '85vmin',
  width: 'min(170vmin, calc(100vw - 32px))',
  maxWidth: 'none',
  m: 2,
};
