import { useMemo } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { compileDefinition, type CompiledDefinition } from '../../../engine';
import { useLocations } from '../../shared/api/dealer/get-locations';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';
import { useSunroomDefinition } from './api/get-sunroom-definition';
import { withPageOwnedFields } from './page-ui';
import { SunroomConfigurator } from './sunroom-configurator';
import { sunroomFormRoutes, type SunroomFormRoute } from './sunroom-forms';

/**
 * The sunroom-family configurator (spec 2): one page for /Ordering/SunRooms, /Ordering/ScreenRooms and
 * /Ordering/Impact, each driven by its own definition. Waits for the definition and the dealer's locations (they
 * decide which fields exist), then shows the form.
 */
export function SunroomPage({ route }: { route: SunroomFormRoute }) {
  usePageTitle(route.title);
  const definition = useSunroomDefinition(route.form);
  const locations = useLocations();
  const compiled = useMemo<CompiledDefinition | Error | null>(() => {
    if (!definition.data) return null;
    try {
      return compileDefinition(withPageOwnedFields(definition.data));
    } catch (error) {
      console.error(`The ${route.form} definition does not compile`, error);
      return error as Error;
    }
  }, [definition.data, route.form]);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
        {route.title}
      </Typography>
      {definition.isError || compiled instanceof Error ? (
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
