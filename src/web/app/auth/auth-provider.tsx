import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type PropsWithChildren,
} from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Typography } from '@mui/material';
import { connectApiAuth } from '../../shared/api/api-client';
import { forgetPrefetched } from '../../shared/api/prefetch';
import { LoadingText } from '../../shared/components/loading-text';
import { callbackPath, type AuthAccount } from './auth-client';
import { fetchAuthConfig, type InactivityConfig } from './auth-config';
import { forgetReturnPath } from './return-path';
import { createAuthClient, type AuthSetup } from './create-auth-client';

export interface AuthState {
  isAuthenticated: boolean;
  account: AuthAccount | null;
  inactivity: InactivityConfig;
  login(): Promise<void>;
  /** Ends the session, forgets every cached answer and returns to the landing page. */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/** The signed-in state and the sign-in actions; throws outside AuthProvider. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>.');
  return state;
}

interface ReadySetup extends AuthSetup {
  inactivity: InactivityConfig;
}

async function startAuth(): Promise<ReadySetup> {
  const config = await fetchAuthConfig();
  const setup = await createAuthClient(config);
  await setup.client.init();
  if (window.location.pathname === callbackPath) await setup.client.handleCallback();
  return { ...setup, inactivity: config.inactivity };
}

/** Reads /auth/config, picks the sign-in implementation, restores or completes the session, then renders. */
export function AuthProvider({ children }: PropsWithChildren) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const startRef = useRef<Promise<ReadySetup> | null>(null);
  const [setup, setSetup] = useState<ReadySetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [, setVersion] = useState(0);

  // The latest sign-out, for a 401 answered before the effect below has connected the API.
  const logoutRef = useRef<() => void>(() => undefined);

  const start = useCallback(() => {
    setFailure(null);
    // One start per mount, even when StrictMode runs the effect twice.
    startRef.current ??= startAuth().then((ready) => {
      // Connected before the first signed-in render, so a page's data started at boot goes out while the app renders;
      // the effect below connects again and owns the connection.
      connectApiAuth({
        getAccessToken: () => ready.client.getAccessToken(),
        onUnauthorized: () => logoutRef.current(),
      });
      return ready;
    });
    startRef.current.then(setSetup, (error: unknown) => {
      console.error('Sign-in could not start', error);
      startRef.current = null;
      setFailure('The portal could not reach its server.');
    });
  }, []);

  useEffect(start, [start]);

  const client = setup?.client;

  const logout = useCallback(async () => {
    if (!client) return;
    queryClient.clear();
    forgetPrefetched();
    forgetReturnPath();
    await client.logout();
    setVersion((version) => version + 1);
    navigate('/', { replace: true });
  }, [client, navigate, queryClient]);

  useEffect(() => {
    logoutRef.current = () => void logout();
  }, [logout]);

  useEffect(() => {
    if (!client) return undefined;
    const disconnectApi = connectApiAuth({
      getAccessToken: () => client.getAccessToken(),
      onUnauthorized: () => void logout(),
    });
    const unsubscribe = client.subscribe(() => {
      if (!client.isAuthenticated) {
        queryClient.clear();
        forgetPrefetched();
      }
      setVersion((version) => version + 1);
    });
    return () => {
      disconnectApi();
      unsubscribe();
    };
  }, [client, logout, queryClient]);

  const isAuthenticated = client?.isAuthenticated ?? false;
  const account = client?.account ?? null;
  const value = useMemo<AuthState | null>(
    () =>
      setup && client
        ? { isAuthenticated, account, inactivity: setup.inactivity, login: () => client.login(), logout }
        : null,
    // account is derived from the client; isAuthenticated changes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setup, client, isAuthenticated, account?.username, logout],
  );

  if (failure) {
    return (
      <Box component="main" sx={{ p: 4 }}>
        <Typography variant="h1" gutterBottom>
          TEMO Dealer Portal
        </Typography>
        <Typography role="alert" sx={{ mb: 2 }}>
          {failure} Please check your connection and try again.
        </Typography>
        <Button variant="contained" onClick={start}>
          Try again
        </Button>
      </Box>
    );
  }
  if (!value || !setup) {
    return (
      <Box component="main" sx={{ p: 4 }}>
        <LoadingText />
      </Box>
    );
  }
  const content = <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
  return setup.Wrapper ? <setup.Wrapper>{content}</setup.Wrapper> : content;
}
