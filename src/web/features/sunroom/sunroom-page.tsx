import { Alert, Box, Typography } from '@mui/material';
import { useLocations } from '../../shared/api/dealer/get-locations';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';
import { useCompiledDefinition } from '../../forms/use-compiled-definition';
import { SunroomConfigurator } from './sunroom-configurator';
import { sunroomFormRoutes, type SunroomFormRoute } from './sunroom-forms';

/**
 * The sunroom-family configurator (spec 2): one page for /Ordering/SunRooms, /Ordering/ScreenRooms and
 * /Ordering/Impact, each driven by its own definition. Waits for the definition and the dealer's locations (they
 * decide which fields exist), then shows the form.
 */
export function SunroomPage({ route }: { route: SunroomFormRoute }) {
  usePageTitle(route.title);
  const { compiled, isFailed } = useCompiledDefinition(route.form);
  const locations = useLocations();

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        {route.title}
      </Typography>
      {isFailed ? (
        <Alert severity="error">The configurator could not be loaded. Please reload the page.</Alert>
      ) : !compiled || locations.isPending ? (
        <LoadingText />
      ) : (
        <SunroomConfigurator key={route.form} definition={compiled} locations={locations.locations} />
      )}
    </Box>
  );
}

const [sunRoomsRoute, screenRoomsRoute, impactRoute] = sunroomFormRoutes;

export function SunRoomsPage() {
  return <SunroomPage route={sunRoomsRoute} />;
}
export function ScreenRoomsPage() {
  return <SunroomPage route={screenRoomsRoute} />;
}
export function ImpactPage() {
  return <SunroomPage route={impactRoute} />;
}
