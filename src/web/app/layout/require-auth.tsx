import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth/auth-provider';
import { safeReturnPath } from '../auth/return-path';

/**
 * Sends a signed-out visitor to the landing page with the page asked for as `?next=` (kept through sign-in there);
 * renders children (or the nested routes) otherwise.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    const next = safeReturnPath(`${location.pathname}${location.search}${location.hash}`, window.location.origin);
    return <Navigate to={next ? `/?${new URLSearchParams({ next }).toString()}` : '/'} replace />;
  }
  return children ?? <Outlet />;
}
