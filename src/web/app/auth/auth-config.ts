import type { AuthConfigAnswer as AuthConfig, InactivityConfig } from '../../../contracts/auth';

export type { AuthConfig, InactivityConfig };

/**
 * Reads the public sign-in settings the server publishes at GET /auth/config. index.html preloads it, and a plain
 * fetch (same mode and credentials, no headers of its own) takes that answer: the request starts with the page, not
 * after the scripts have loaded.
 */
export async function fetchAuthConfig(): Promise<AuthConfig> {
  const response = await fetch('/auth/config');
  if (!response.ok) throw new Error(`GET /auth/config answered ${response.status}.`);
  return assertAuthConfig(await response.json());
}

function assertAuthConfig(value: unknown): AuthConfig {
  const config = value as Partial<AuthConfig> | null;
  const inactivity = config?.inactivity;
  if (!inactivity || typeof inactivity.warnAfterMs !== 'number' || typeof inactivity.logoutAfterMs !== 'number') {
    throw new Error('GET /auth/config has no inactivity times.');
  }
  if (config.mode === 'local' && typeof config.loginUrl === 'string') return config as AuthConfig;
  if (config.mode === 'oidc' && typeof config.clientId === 'string' && typeof config.authority === 'string') {
    return config as AuthConfig;
  }
  throw new Error(`GET /auth/config answered an unknown sign-in mode: ${String(config?.mode)}`);
}
