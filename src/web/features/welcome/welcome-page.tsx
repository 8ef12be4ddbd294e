import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useDealerName } from '../../shared/api/dealer/get-dealer-name';
import { useProductLine } from '../../shared/api/dealer/get-product-line';
import { hasAnyRole, useMe, workbenchRoles } from '../../shared/api/me';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';
import { usePortalDisclaimer } from './api/get-portal-disclaimer';
import { HowToModal } from './how-to-modal';
import { describeProductLineLimit } from './product-line-warning';
import { splitIntoSentences } from './split-into-sentences';

/** The welcome page at /login/callback: dealer name, product-line warning, disclaimer and How To. */
export function WelcomePage() {
  usePageTitle('Welcome');
  const dealerName = useDealerName();
  const productLine = useProductLine();
  const disclaimer = usePortalDisclaimer();
  const [isHowToOpen, setIsHowToOpen] = useState(false);
  const me = useMe().data;
  const warning = describeProductLineLimit(productLine.data, me?.roles);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="overline" color="text.secondary" component="p">
          Welcome to the TEMO Dealer Portal
        </Typography>
        <Typography variant="h1" aria-busy={dealerName.data === undefined}>
          {dealerName.data ?? 'Loading...'}
        </Typography>
      </Box>

      {warning && (
        <Alert severity="warning" variant="outlined">
          {warning}
        </Alert>
      )}

      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" component={RouterLink} to="/Ordering">
          Start an order
        </Button>
        <Button variant="outlined" onClick={() => setIsHowToOpen(true)}>
          How To
        </Button>
        {hasAnyRole(me, workbenchRoles) && (
          <Button variant="outlined" component={RouterLink} to="/Staff/Definitions">
            Change rules and prices
          </Button>
        )}
      </Stack>

      <Paper variant="outlined" component="section" aria-labelledby="disclaimer-heading" sx={{ p: 3 }}>
        <Typography variant="h2" id="disclaimer-heading" gutterBottom>
          Portal disclaimer
        </Typography>
        <DisclaimerSentences text={disclaimer.data} />
      </Paper>

      <HowToModal isOpen={isHowToOpen} onClose={() => setIsHowToOpen(false)} />
    </Stack>
  );
}

function DisclaimerSentences({ text }: { text: string | undefined }) {
  if (text === undefined) {
    return (
      <>
        <LoadingText />
        <Skeleton width="90%" />
        <Skeleton width="75%" />
      </>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="disclaimer">
      {splitIntoSentences(text).map((sentence, index) => (
        <Typography component="li" key={index} sx={{ mb: 1 }}>
          {sentence}
        </Typography>
      ))}
    </Box>
  );
}
