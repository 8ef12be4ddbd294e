import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useAuth } from '../../app/auth/auth-provider';
import { rememberReturnPath, safeReturnPath } from '../../app/auth/return-path';
import { usePageTitle } from '../../shared/components/use-page-title';

/** The public landing page: who we are and the Login To Portal button; signed-in users go to the welcome page. */
export function LandingPage() {
  usePageTitle('Welcome');
  const { isAuthenticated, login } = useAuth();
  const [isLeaving, setIsLeaving] = useState(false);
  // The page a signed-out visitor asked for (RequireAuth's ?next=); anything not a path of this portal is ignored.
  const [searchParams] = useSearchParams();
  const next = safeReturnPath(searchParams.get('next'), window.location.origin);
  if (isAuthenticated) return <Navigate to={next ?? '/login/callback'} replace />;

  const startLogin = () => {
    setIsLeaving(true);
    // Kept in this tab's sessionStorage through the sign-in pages; /login/callback goes there once.
    rememberReturnPath(next);
    login().catch((error: unknown) => {
      console.error('Sign-in could not start', error);
      setIsLeaving(false);
    });
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, maxWidth: 640, width: '100%' }}>
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          <img src="/logo-dark.svg" alt="TEMO" width={140} height={45} />
          <Typography variant="h1">TEMO Dealer Portal</Typography>
          <Typography>
            TEMO designs and manufactures sunrooms, screen rooms, pergolas, pavilions and patio covers. Our dealers use
            this portal to configure and price rooms, order parts, displays, marketing items and custom glass, request
            engineering documents, and follow every order from queue to shipment.
          </Typography>
          <Typography color="text.secondary">Sign in with the account TEMO gave your dealership.</Typography>
          <Button variant="contained" size="large" onClick={startLogin} disabled={isLeaving}>
            Login To Portal
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
