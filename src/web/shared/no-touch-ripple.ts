/**
 * MUI's TouchRipple, for ButtonBase's import only (vite.config.ts): the app turns ripples off in its theme
 * (app/theme.ts), so ButtonBase never draws one and its ~2 kB of ripple code need not load with every page.
 */
export default function TouchRipple(): null {
  return null;
}
