import path from 'node:path';

export type AuthMode = 'local' | 'oidc';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface AppConfig {
  port: number;
  host: string;
  /** Folder for PGlite files, signing keys and stored files. */
  dataDir: string;
  /** PostgreSQL server URL; unset means PGlite under `dataDir/pglite`. */
  databaseUrl?: string;
  authMode: AuthMode;
  auth: {
    audience: string;
    /** Expected `iss`; in local mode also the issuer written into tokens. */
    issuer?: string;
    jwksUri?: string;
    /** Lifetime of locally issued tokens, seconds. */
    localTokenTtlSeconds: number;
  };
  oidc: {
    authority?: string;
    clientId?: string;
    apiScope?: string;
  };
  inactivity: {
    warnAfterMs: number;
    logoutAfterMs: number;
  };
  /** Guessing brakes on the local sign-in (per address by @fastify/rate-limit, lockouts by services/sign-in-limiter). */
  signIn: {
    attemptsPerMinutePerAddress: number;
    maxFailuresPerAccount: number;
    maxFailuresPerAddress: number;
    failureWindowMs: number;
    lockoutMs: number;
  };
  /** Slow clients are cut off: whole request (headers and body) and headers alone, milliseconds. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** SIGTERM: how long in-flight requests (and running jobs) may take before their connections are cut. */
  shutdownTimeoutMs: number;
  /** How long a drawing job's claim holds without a heartbeat: a crashed server's jobs are taken over after this. */
  jobLeaseMs: number;
  webDist: string;
  definitionsDir: string;
  /** Files in Azure Blob Storage (AZURE_STORAGE_CONNECTION_STRING + AZURE_STORAGE_CONTAINER); unset = DATA_DIR/files. */
  azureStorage?: { connectionString: string; container: string };
  /** LOG_LEVEL: the server log's level (debug also logs the full cause of a failed start). */
  logLevel: LogLevel;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads the environment, applies local defaults and lists every problem at once. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const url = (name: string): string | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    try {
      new URL(raw);
    } catch {
      problems.push(`${name} must be an absolute URL (got "${raw}")`);
    }
    return raw;
  };

  const rawLevel = text('LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(rawLevel))
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${rawLevel}")`);
  const rawMode = text('AUTH_MODE') ?? 'local';
  if (rawMode !== 'local' && rawMode !== 'oidc')
    problems.push(`AUTH_MODE must be "local" or "oidc" (got "${rawMode}")`);
  const authMode: AuthMode = rawMode === 'oidc' ? 'oidc' : 'local';

  const config: AppConfig = {
    port: integer('PORT', 8080, 0, 65535),
    host: text('HOST') ?? '127.0.0.1',
    dataDir: path.resolve(text('DATA_DIR') ?? './data'),
    databaseUrl: url('DATABASE_URL'),
    authMode,
    auth: {
      audience: text('AUTH_AUDIENCE') ?? 'TEMOAuth',
      issuer: text('AUTH_ISSUER'),
      jwksUri: url('AUTH_JWKS_URI'),
      localTokenTtlSeconds: integer('AUTH_LOCAL_TOKEN_TTL_S', 8 * 3600, 60, 7 * 24 * 3600),
    },
    oidc: {
      authority: url('OIDC_AUTHORITY'),
      clientId: text('OIDC_CLIENT_ID'),
      apiScope: text('OIDC_API_SCOPE'),
    },
    inactivity: {
      warnAfterMs: integer('INACTIVITY_WARN_MS', 6_900_000, 1, 2_147_483_647),
      logoutAfterMs: integer('INACTIVITY_LOGOUT_MS', 7_200_000, 1, 2_147_483_647),
    },
    signIn: {
      attemptsPerMinutePerAddress: integer('SIGN_IN_ATTEMPTS_PER_MINUTE', 30, 1, 1_000_000),
      maxFailuresPerAccount: integer('SIGN_IN_MAX_FAILURES', 5, 1, 1_000_000),
      maxFailuresPerAddress: integer('SIGN_IN_MAX_FAILURES_PER_ADDRESS', 20, 1, 1_000_000),
      failureWindowMs: integer('SIGN_IN_FAILURE_WINDOW_S', 900, 1, 86_400) * 1000,
      lockoutMs: integer('SIGN_IN_LOCKOUT_S', 900, 1, 86_400) * 1000,
    },
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000),
    headersTimeoutMs: integer('HEADERS_TIMEOUT_MS', 10_000, 100, 3_600_000),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    jobLeaseMs: integer('JOB_LEASE_S', 60, 1, 3600) * 1000,
    webDist: path.resolve(text('WEB_DIST') ?? './dist/web'),
    definitionsDir: path.resolve(text('DEFINITIONS_DIR') ?? './definitions'),
    logLevel: (logLevels as readonly string[]).includes(rawLevel) ? (rawLevel as LogLevel) : 'info',
  };
  if (
    config.databaseUrl &&
    URL.canParse(config.databaseUrl) &&
    !['postgres:', 'postgresql:'].includes(new URL(config.databaseUrl).protocol)
  ) {
    problems.push(
      `DATABASE_URL must be a postgres:// or postgresql:// URL (got "${new URL(config.databaseUrl).protocol}//...")`,
    );
  }

  const azureConnection = text('AZURE_STORAGE_CONNECTION_STRING');
  const azureContainer = text('AZURE_STORAGE_CONTAINER');
  if (azureConnection && azureContainer)
    config.azureStorage = { connectionString: azureConnection, container: azureContainer };
  else if (azureConnection || azureContainer)
    problems.push(
      'AZURE_STORAGE_CONNECTION_STRING and AZURE_STORAGE_CONTAINER go together: set both for Azure Blob Storage, or neither for DATA_DIR/files',
    );
  // Azure's container naming rule: 3-63 lower-case letters, digits and single hyphens, starting and ending alphanumeric.
  if (azureContainer && !/^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/.test(azureContainer)) {
    problems.push(
      `AZURE_STORAGE_CONTAINER must be 3-63 lower-case letters, digits and single hyphens (got "${azureContainer}")`,
    );
  }

  if (config.headersTimeoutMs > config.requestTimeoutMs)
    problems.push('HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS');
  if (config.inactivity.warnAfterMs >= config.inactivity.logoutAfterMs) {
    problems.push('INACTIVITY_WARN_MS must be less than INACTIVITY_LOGOUT_MS');
  }
  if (authMode === 'oidc') {
    if (!config.oidc.authority) problems.push('OIDC_AUTHORITY is required when AUTH_MODE=oidc');
    if (!config.oidc.clientId) problems.push('OIDC_CLIENT_ID is required when AUTH_MODE=oidc');
    if (!config.oidc.apiScope) problems.push('OIDC_API_SCOPE is required when AUTH_MODE=oidc');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
