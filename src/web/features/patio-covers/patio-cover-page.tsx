import { useMemo } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { compileDefinition, type CompiledDefinition } from '../../../engine';
import { useLocations } from '../../shared/api/dealer/get-locations';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';
import { usePatioCoverDefinition } from './api/get-patio-cover-definition';
import { PatioCoverConfigurator } from './patio-cover-configurator';
import { pavilionRoute, pergolaRoute, type PatioCoverFormRoute } from './patio-cover-forms';

/**
 * The pergola and pavilion configurators (spec 3 §2): each page is its definition rendered by the generic form,
 * with the live price, the missing list and the shared submit flow. Waits for the definition and the dealer's
 * locations (they decide which fields exist).
 */
export function PatioCoverPage({ route }: { route: PatioCoverFormRoute }) {
  usePageTitle(route.title);
  const definition = usePatioCoverDefinition(route.form);
  const locations = useLocations();
  const compiled = useMemo<CompiledDefinition | Error | null>(() => {
    if (!definition.data) return null;
    try {
      return compileDefinition(definition.data);
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
        <PatioCoverConfigurator key={route.form} definition={compiled} locations={locations.locations} target={route.target} />
      )}
    </Box>
  );
}

export function PergolasPage() {
  return <PatioCoverPage route={pergolaRoute} />;
}

export function PavilionsPage() {
  return <PatioCoverPage route={pavilionRoute} />;
}
