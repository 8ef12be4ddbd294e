import type { PropsWithChildren, ReactElement } from 'react';
import {
  BrowserCacheLocation,
  InteractionRequiredAuthError,
  ProtocolMode,
  PublicClientApplication,
  type AccountInfo,
} from '@azure/msal-browser';
import { MsalProvider } from '@azure/msal-react';
import { callbackUrl, type AuthAccount, type AuthClient } from './auth-client';

export interface MsalSettings {
  authority: string;
  clientId: string;
  scopes: string[];
}

/** Sign-in through Microsoft Entra ID (or another OIDC authority) with MSAL's redirect flow. */
export class MsalAuthClient implements AuthClient {
  readonly instance: PublicClientApplication;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly settings: MsalSettings) {
    const isEntraId = isMicrosoftAuthority(settings.authority);
    this.instance = new PublicClientApplication({
      auth: {
        clientId: settings.clientId,
        authority: settings.authority,
        // Another OIDC authority is trusted as configured instead of being looked up at Microsoft.
        knownAuthorities: isEntraId ? undefined : [new URL(settings.authority).host],
        redirectUri: callbackUrl(),
        postLogoutRedirectUri: `${window.location.origin}/`,
      },
      cache: { cacheLocation: BrowserCacheLocation.SessionStorage },
      system: { protocolMode: isEntraId ? ProtocolMode.AAD : ProtocolMode.OIDC },
    });
  }

  async init(): Promise<void> {
    await this.instance.initialize();
    // Finish the sign-in here, on /login/callback, rather than hopping back to the page that started it.
    const result = await this.instance.handleRedirectPromise({ navigateToLoginRequestUrl: false });
    const account = result?.account ?? this.instance.getActiveAccount() ?? this.instance.getAllAccounts()[0] ?? null;
    this.instance.setActiveAccount(account);
  }

  get isAuthenticated(): boolean {
    return this.instance.getActiveAccount() !== null;
  }

  get account(): AuthAccount | null {
    return toAuthAccount(this.instance.getActiveAccount());
  }

  async login(): Promise<void> {
    await this.instance.loginRedirect({ scopes: this.settings.scopes, redirectUri: callbackUrl() });
  }

  async handleCallback(): Promise<boolean> {
    // init() already consumed the redirect answer; MSAL caches it, so this only reports the outcome.
    return this.isAuthenticated;
  }

  async getAccessToken(): Promise<string | null> {
    const account = this.instance.getActiveAccount();
    if (!account) return null;
    try {
      const result = await this.instance.acquireTokenSilent({ scopes: this.settings.scopes, account });
      return result.accessToken;
    } catch (error) {
      if (!(error instanceof InteractionRequiredAuthError)) throw error;
      await this.instance.acquireTokenRedirect({ scopes: this.settings.scopes, account });
      return null;
    }
  }

  async logout(): Promise<void> {
    const account = this.instance.getActiveAccount();
    this.instance.setActiveAccount(null);
    this.listeners.forEach((listener) => listener());
    await this.instance.logoutRedirect({ account, postLogoutRedirectUri: `${window.location.origin}/` });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const microsoftAuthorityHosts =
  /(^|\.)(microsoftonline\.com|microsoftonline\.us|microsoftonline\.cn|ciamlogin\.com|b2clogin\.com)$/i;

/** True for Microsoft Entra ID (and its national clouds, External ID and B2C) authorities. */
export function isMicrosoftAuthority(authority: string): boolean {
  return microsoftAuthorityHosts.test(new URL(authority).hostname);
}

function toAuthAccount(account: AccountInfo | null): AuthAccount | null {
  return account ? { username: account.username, name: account.name } : null;
}

/** Builds the MSAL client and the msal-react provider that lets MSAL's own hooks work inside the app. */
export function createMsalAuth(settings: MsalSettings): {
  client: MsalAuthClient;
  Wrapper: (props: PropsWithChildren) => ReactElement;
} {
  const client = new MsalAuthClient(settings);
  const Wrapper = ({ children }: PropsWithChildren) => (
    <MsalProvider instance={client.instance}>{children}</MsalProvider>
  );
  return { client, Wrapper };
}
