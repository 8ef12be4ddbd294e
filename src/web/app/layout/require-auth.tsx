import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../auth/auth-provider';

/** Sends a signed-out visitor to the landing page; renders children (or the nested routes) otherwise. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
