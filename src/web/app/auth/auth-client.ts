/** The signed-in person, as far as the web app needs to know. */
export interface AuthAccount {
  username: string;
  name?: string;
}

/** One sign-in interface for both the local demo sign-in and Microsoft Entra ID / OIDC (MSAL). */
export interface AuthClient {
  /** Restores a session kept in the browser; call once before anything else. */
  init(): Promise<void>;
  readonly isAuthenticated: boolean;
  readonly account: AuthAccount | null;
  /** Leaves the page for the sign-in page; the user comes back to /login/callback. */
  login(): Promise<void>;
  /** Completes a sign-in on /login/callback; true when a session now exists. */
  handleCallback(): Promise<boolean>;
  /** A current access token for the API, or null when signed out (or the session expired). */
  getAccessToken(): Promise<string | null>;
  /** Ends the session in this browser (and at the identity provider when there is one). */
  logout(): Promise<void>;
  /** Called when the session starts or ends on its own (expiry); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export const callbackPath = '/login/callback';

/** Where the identity provider sends the user back to after sign-in. */
export function callbackUrl(): string {
  return `${window.location.origin}${callbackPath}`;
}
