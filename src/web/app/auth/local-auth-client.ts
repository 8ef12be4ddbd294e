import { callbackUrl, type AuthAccount, type AuthClient } from './auth-client';
import { buildAuthorizeUrl, createRandomState, decodeTokenAccount, parseCallbackFragment } from './local-auth-protocol';

const sessionKey = 'temo.auth.local.session';
const stateKey = 'temo.auth.local.state';

interface StoredSession {
  accessToken: string;
  expiresAt: number;
}

/** Sign-in through the server's own demo sign-in page (AUTH_MODE=local); the token lives in sessionStorage. */
export class LocalAuthClient implements AuthClient {
  private session: StoredSession | null = null;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly loginUrl: string) {}

  async init(): Promise<void> {
    this.setSession(readStoredSession());
  }

  get isAuthenticated(): boolean {
    return this.session !== null && this.session.expiresAt > Date.now();
  }

  get account(): AuthAccount | null {
    return this.isAuthenticated && this.session ? decodeTokenAccount(this.session.accessToken) : null;
  }

  async login(): Promise<void> {
    const state = createRandomState();
    sessionStorage.setItem(stateKey, state);
    window.location.assign(buildAuthorizeUrl(this.loginUrl, callbackUrl(), state));
  }

  async handleCallback(): Promise<boolean> {
    const result = parseCallbackFragment(window.location.hash, sessionStorage.getItem(stateKey), Date.now());
    if (result.kind === 'none') return this.isAuthenticated;
    sessionStorage.removeItem(stateKey);
    // The token must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (result.kind === 'error') {
      console.error(`Sign-in was not completed: ${result.reason}`);
      return this.isAuthenticated;
    }
    const session = { accessToken: result.accessToken, expiresAt: result.expiresAt };
    sessionStorage.setItem(sessionKey, JSON.stringify(session));
    this.setSession(session);
    return true;
  }

  async getAccessToken(): Promise<string | null> {
    if (this.session && !this.isAuthenticated) this.clearSession();
    return this.session?.accessToken ?? null;
  }

  async logout(): Promise<void> {
    this.clearSession();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private clearSession(): void {
    sessionStorage.removeItem(sessionKey);
    this.setSession(null);
  }

  private setSession(session: StoredSession | null): void {
    const wasAuthenticated = this.isAuthenticated;
    this.session = session && session.expiresAt > Date.now() ? session : null;
    clearTimeout(this.expiryTimer);
    if (this.session) {
      // setTimeout holds at most ~24.8 days; tokens live far shorter.
      const msLeft = Math.min(this.session.expiresAt - Date.now(), 2 ** 31 - 1);
      this.expiryTimer = setTimeout(() => this.clearSession(), msLeft);
    }
    if (wasAuthenticated !== this.isAuthenticated) this.listeners.forEach((listener) => listener());
  }
}

function readStoredSession(): StoredSession | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(sessionKey) ?? 'null') as Partial<StoredSession> | null;
    if (parsed && typeof parsed.accessToken === 'string' && typeof parsed.expiresAt === 'number') {
      return { accessToken: parsed.accessToken, expiresAt: parsed.expiresAt };
    }
  } catch {
    // A damaged entry is the same as no session.
  }
  return null;
}
