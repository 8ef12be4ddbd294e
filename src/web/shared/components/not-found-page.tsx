import { Link as RouterLink } from 'react-router';
import { Button, Stack, Typography } from '@mui/material';
import { usePageTitle } from './use-page-title';

/** Shown for an address the portal does not have. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h1">Page not found</Typography>
      <Typography>There is no page at this address.</Typography>
      <Button component={RouterLink} to="/login/callback" variant="contained">
        Go to the welcome page
      </Button>
    </Stack>
  );
}
