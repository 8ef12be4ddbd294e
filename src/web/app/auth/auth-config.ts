import axios from 'axios';
import type { AuthConfigAnswer as AuthConfig, InactivityConfig } from '../../../contracts/auth';

export type { AuthConfig, InactivityConfig };

/** Reads the public sign-in settings the server publishes at GET /auth/config. */
export async function fetchAuthConfig(): Promise<AuthConfig> {
  const response = await axios.get<AuthConfig>('/auth/config', { headers: { Accept: 'application/json' } });
  return assertAuthConfig(response.data);
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
