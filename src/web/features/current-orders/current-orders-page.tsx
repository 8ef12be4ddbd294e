import { Paper, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../shared/components/use-page-title';

/** Order Tracking: stands in until the four order lists land (issue 5). */
export function CurrentOrdersPage() {
  usePageTitle('Order Tracking');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Order Tracking</Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>Your confirmed, processed, unprocessed and initial orders will be listed here soon.</Typography>
      </Paper>
    </Stack>
  );
}
