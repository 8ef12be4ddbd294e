import { Alert, Box, Typography } from '@mui/material';
import { useLocations } from '../../shared/api/dealer/get-locations';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';
import { useCompiledDefinition } from '../../forms/use-compiled-definition';
import { PatioCoverConfigurator } from './patio-cover-configurator';
import { pavilionRoute, pergolaRoute, type PatioCoverFormRoute } from './patio-cover-forms';

/**
 * The pergola and pavilion configurators (spec 3 §2): each page is its definition rendered by the generic form,
 * with the live price, the missing list and the shared submit flow. Waits for the definition and the dealer's
 * locations (they decide which fields exist).
 */
export function PatioCoverPage({ route }: { route: PatioCoverFormRoute }) {
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
        <PatioCoverConfigurator
          key={route.form}
          definition={compiled}
          locations={locations.locations}
          target={route.target}
        />
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
