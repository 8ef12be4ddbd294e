/**
 * Seen by screen readers only (a live region, a column's spoken caption). Sizes are strings on purpose: in MUI's
 * `sx` a bare 1 means 100%, which made these boxes as wide as their parent and pushed the page sideways.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
