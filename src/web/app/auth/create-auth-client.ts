import type { ComponentType, PropsWithChildren } from 'react';
import type { AuthClient } from './auth-client';
import type { AuthConfig } from './auth-config';
import { LocalAuthClient } from './local-auth-client';

export interface AuthSetup {
  client: AuthClient;
  /** Extra provider the implementation needs around the app (msal-react's MsalProvider), if any. */
  Wrapper?: ComponentType<PropsWithChildren>;
}

/** Picks the sign-in implementation the server's /auth/config names; MSAL is loaded only when needed. */
export async function createAuthClient(config: AuthConfig): Promise<AuthSetup> {
  if (config.mode === 'local') return { client: new LocalAuthClient(config.loginUrl) };
  const { createMsalAuth } = await import('./msal-auth-client');
  return createMsalAuth({ authority: config.authority, clientId: config.clientId, scopes: config.scopes });
}
