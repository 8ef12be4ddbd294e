import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box, Container, Link } from '@mui/material';
import { LoadingText } from '../../shared/components/loading-text';
import { useAuth } from '../auth/auth-provider';
import { useInactivitySignOut } from '../inactivity/use-inactivity-sign-out';
import { NavBar } from './nav-bar';

/** The page frame: skip link, nav bar (signed in only), and the routed page inside <main>. */
export function AppLayout() {
  const { isAuthenticated, logout } = useAuth();
  // A definitions draft shows its rule editor beside the live preview: it needs the room of a wide screen.
  const isWide = useLocation().pathname.startsWith('/Staff/Definitions/drafts/');
  return (
    <>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>
      {isAuthenticated && <SignedInSession />}
      {isAuthenticated && <NavBar onLogout={() => void logout()} />}
      <Box component="main" id="main" tabIndex={-1} sx={{ py: { xs: 3, md: 4 }, outline: 'none' }}>
        <Container maxWidth={isWide ? 'xl' : 'lg'}>
          <Suspense fallback={<LoadingText />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </>
  );
}

// Mounted only while signed in, so idle time counts only then.
function SignedInSession() {
  const { inactivity, logout } = useAuth();
  useInactivitySignOut({ ...inactivity, onLogout: () => void logout() });
  return null;
}
