import { Paper, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../shared/components/use-page-title';

/** Order History: stands in until the shipped-orders table lands (issue 5). */
export function OrderHistoryPage() {
  usePageTitle('Order History');
  return (
    <Stack spacing={3}>
      <Typography variant="h1">Order History</Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>Your shipped orders will be listed here soon, searchable and ready to export.</Typography>
      </Paper>
    </Stack>
  );
}
