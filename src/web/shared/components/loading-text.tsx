import { Typography } from '@mui/material';

/** The spec's plain "Loading..." state, announced to screen readers. */
export function LoadingText({ label = 'Loading...' }: { label?: string }) {
  return (
    <Typography role="status" aria-live="polite" color="text.secondary">
      {label}
    </Typography>
  );
}
