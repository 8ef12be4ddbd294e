import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { Button, Stack, Typography } from '@mui/material';
import { hasAnyRole, useMe } from '../../shared/api/me';
import { LoadingText } from '../../shared/components/loading-text';
import { usePageTitle } from '../../shared/components/use-page-title';

/**
 * Renders its routes only for a user with one of `anyOf` roles; anyone else gets a plain "not available" page.
 * The page is a courtesy: the server refuses the same users on every route behind it (403).
 */
export function RequireRole({
  anyOf,
  purpose = 'TEMO staff who maintain the product rules and prices',
  children,
}: {
  anyOf: readonly string[];
  /** Who the page is for, in the "not available" text. */
  purpose?: string;
  children?: ReactNode;
}) {
  const me = useMe();
  if (me.isPending) return <LoadingText />;
  if (me.isError) {
    return (
      <Typography role="alert">
        The portal could not tell which account is signed in. Please reload the page to try again.
      </Typography>
    );
  }
  if (!hasAnyRole(me.data, anyOf)) return <NotAvailablePage purpose={purpose} />;
  return children ?? <Outlet />;
}

function NotAvailablePage({ purpose }: { purpose: string }) {
  usePageTitle('Not available');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h1">Not available for your account</Typography>
      <Typography>
        This page is for {purpose}. Your account does not have access to it. If you think it should, please contact
        TEMO.
      </Typography>
      <Button component={RouterLink} to="/login/callback" variant="contained">
        Go to the welcome page
      </Button>
    </Stack>
  );
}
