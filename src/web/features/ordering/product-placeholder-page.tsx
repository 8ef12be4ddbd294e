import { Link as RouterLink, useParams } from 'react-router';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { usePageTitle } from '../../shared/components/use-page-title';
import { NotFoundPage } from '../../shared/components/not-found-page';
import { findOrderingTile } from './ordering-tiles';

/** /Ordering/<Name> until that product's configurator or catalogue lands. */
export function ProductPlaceholderPage() {
  const tile = findOrderingTile(useParams().product);
  usePageTitle(tile?.label ?? 'Page not found');
  if (!tile) return <NotFoundPage />;
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{tile.label}</Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>The {tile.label} configurator is coming soon to the portal.</Typography>
      </Paper>
      <div>
        <Button component={RouterLink} to="/Ordering" variant="outlined">
          Back to Ordering
        </Button>
      </div>
    </Stack>
  );
}
