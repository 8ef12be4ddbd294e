import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { forgetReturnPath, readReturnPath } from '../auth/return-path';

/**
 * /login/callback: the page a signed-out visitor asked for, once (the path is forgotten here), else the welcome page.
 * Read in state and forgotten in an effect, so StrictMode's second render does not lose it.
 */
export function AfterSignIn({ children }: { children: ReactNode }) {
  const [returnPath] = useState(() => readReturnPath());
  useEffect(() => {
    forgetReturnPath();
  }, []);
  return returnPath ? <Navigate to={returnPath} replace /> : children;
}
