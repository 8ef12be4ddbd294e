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
  /** Jobs one server runs at once: with several servers on few cores, fewer each leaves the cores to requests. */
  jobConcurrency: number;
  /** Draft checks, golden orders, publish checks and impact analysis run on worker threads, never the request thread. */
  definitionWork: {
    /** DEFINITION_WORKERS: threads at most (each started on first use, then kept). */
    workers: number;
    /** DEFINITION_CHECK_TIMEOUT_MS: one task's wall-clock limit (a draft's checks; a page of an impact analysis). */
    timeoutMs: number;
  };
  webDist: string;
  definitionsDir: string;
  /** Files in Azure Blob Storage (AZURE_STORAGE_CONNECTION_STRING + AZURE_STORAGE_CONTAINER); unset = DATA_DIR/files. */
  azureStorage?: { connectionString: string; container: string };
  /** LOG_LEVEL: the server log's level (debug also logs the full cause of a failed start). */
  logLevel: LogLevel;
  /** E-mail to dealers (the order desk): through SMTP when set, else written to DATA_DIR/outbox. */
  mail: MailConfig;
}

/** Where the order desk's e-mail goes: an SMTP server (SMTP_URL, or SMTP_HOST and its parts), or none (the outbox). */
export type SmtpConfig =
  { url: string } | { host: string; port: number; secure: boolean; user?: string; password?: string };

export interface MailConfig {
  /** Unset: messages are written to DATA_DIR/outbox as .eml files (the embedded default). */
  smtp?: SmtpConfig;
  /** MAIL_FROM: the sender of every message. */
  from: string;
}

/** The sender when nothing else is configured (the outbox never delivers, so any address will do). */
export const defaultMailFrom = 'TEMO Order Desk <orders@localhost>';

/** "Name <a@b.c>" or "a@b.c": one address, as MAIL_FROM takes it. */
function isMailbox(value: string): boolean {
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  return /^[^\s@<>,;]+@[^\s@<>,;]+$/.test(address.trim());
}

/** The SMTP settings from the environment (SMTP_URL, or SMTP_HOST with PORT/SECURE/USER/PASSWORD) and MAIL_FROM. */
function readMailConfig(text: (name: string) => string | undefined, problems: string[]): MailConfig {
  const url = text('SMTP_URL');
  const host = text('SMTP_HOST');
  const port = text('SMTP_PORT');
  const secure = text('SMTP_SECURE');
  const user = text('SMTP_USER');
  const password = text('SMTP_PASSWORD');
  const from = text('MAIL_FROM');
  if (from !== undefined && !isMailbox(from))
    problems.push(
      `MAIL_FROM must be an e-mail address, optionally with a name: "Order Desk <orders@example.com>" (got "${from}")`,
    );
  const parts = { SMTP_PORT: port, SMTP_SECURE: secure, SMTP_USER: user, SMTP_PASSWORD: password };
  const given = Object.entries(parts)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);
  if (url && host) {
    problems.push('SMTP_URL and SMTP_HOST are two ways to say the same thing: set one of them');
    return { from: from ?? defaultMailFrom };
  }
  if (url) {
    if (given.length) problems.push(`${given.join(', ')} go with SMTP_HOST; with SMTP_URL put them in the URL`);
    if (!/^smtps?:\/\/[^/]/.test(url) || !URL.canParse(url))
      problems.push('SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:password@mail.example.com:465)');
    if (!from) problems.push('MAIL_FROM is required with SMTP_URL: the address messages are sent from');
    return { smtp: { url }, from: from ?? defaultMailFrom };
  }
  if (!host) {
    if (given.length)
      problems.push(
        `${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set but SMTP_HOST is not: set SMTP_HOST (or SMTP_URL), or unset them for the outbox folder`,
      );
    return { from: from ?? defaultMailFrom };
  }
  if (secure !== undefined && secure !== 'true' && secure !== 'false')
    problems.push(`SMTP_SECURE must be true (TLS from the start, port 465) or false (STARTTLS) (got "${secure}")`);
  const isSecure = secure === 'true';
  const portNumber = port === undefined ? (isSecure ? 465 : 587) : Number(port);
  if (!Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65535)
    problems.push(`SMTP_PORT must be a whole number from 1 to 65535 (got "${port}")`);
  if ((user === undefined) !== (password === undefined))
    problems.push('SMTP_USER and SMTP_PASSWORD go together: set both to sign in to the SMTP server, or neither');
  if (!from) problems.push('MAIL_FROM is required with SMTP_HOST: the address messages are sent from');
  return { smtp: { host, port: portNumber, secure: isSecure, user, password }, from: from ?? defaultMailFrom };
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
    jobConcurrency: integer('JOB_CONCURRENCY', 2, 1, 64),
    // One thread: staff edits are few, and the other core stays with the requests on a 2-core machine.
    definitionWork: {
      workers: integer('DEFINITION_WORKERS', 1, 1, 64),
      timeoutMs: integer('DEFINITION_CHECK_TIMEOUT_MS', 30_000, 1, 3_600_000),
    },
    webDist: path.resolve(text('WEB_DIST') ?? './dist/web'),
    definitionsDir: path.resolve(text('DEFINITIONS_DIR') ?? './definitions'),
    logLevel: (logLevels as readonly string[]).includes(rawLevel) ? (rawLevel as LogLevel) : 'info',
    mail: readMailConfig(text, problems),
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
