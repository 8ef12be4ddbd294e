import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useDealerName } from '../../shared/api/dealer/get-dealer-name';
import { usePageTitle } from '../../shared/components/use-page-title';
import { orderingTiles } from './ordering-tiles';
import { TileIcon } from './tile-icon';

// The engineering form (rjsf, the engine) is its own chunk, loaded when the button is first pressed.
const EngineeringRequestModal = lazy(() =>
  import('../engineering').then((m) => ({ default: m.EngineeringRequestModal })),
);

/** The ordering home: 3x3 product tiles and the Order Engineering button. */
export function OrderingHomePage() {
  usePageTitle('Ordering');
  const dealerName = useDealerName();
  const [isEngineeringOpen, setIsEngineeringOpen] = useState(false);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h1">Ordering</Typography>
          <Typography color="text.secondary">
            {dealerName.data ? `Ordering for ${dealerName.data}` : 'Loading...'}
          </Typography>
        </Box>
        <Button variant="contained" color="secondary" onClick={() => setIsEngineeringOpen(true)}>
          Order Engineering
        </Button>
      </Stack>

      <Box
        component="ul"
        aria-label="Products"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {orderingTiles.map((tile) => (
          <li key={tile.name}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/Ordering/${tile.name}`} sx={{ height: '100%', p: 1 }}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                  <TileIcon name={tile.name} />
                  <Box>
                    <Typography variant="h3" component="h2">
                      {tile.label}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {tile.description}
                    </Typography>
                  </Box>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>

      {isEngineeringOpen ? (
        <Suspense fallback={null}>
          <EngineeringRequestModal isOpen onClose={() => setIsEngineeringOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
