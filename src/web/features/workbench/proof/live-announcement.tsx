import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { visuallyHidden } from '../../../shared/visually-hidden';

/** How long a result must stand before it is announced: typing runs a check per edit, a reader hears the last one. */
const SETTLE_MS = 1000;

/**
 * A polite live region saying `message` once it has stood still for a second (undefined: nothing new to say, e.g.
 * while a check runs), and only when it differs from what was last said.
 */
export function LiveAnnouncement({ message }: { message: string | undefined }) {
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (message === undefined || message === said) return;
    const timer = setTimeout(() => setSaid(message), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [message, said]);
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden} data-testid="proof-announcement">
      {said}
    </Box>
  );
}
