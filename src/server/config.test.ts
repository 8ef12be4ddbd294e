import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('works with no environment at all, with the local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      authMode: 'local',
      auth: { audience: 'TEMOAuth' },
      inactivity: { warnAfterMs: 6_900_000, logoutAfterMs: 7_200_000 },
      webDist: path.resolve('dist/web'),
      definitionsDir: path.resolve('definitions'),
    });
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', AUTH_MODE: 'oidc', DATABASE_URL: 'not a url' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT must be a whole number/);
    expect(problems).toMatch(/DATABASE_URL must be an absolute URL/);
    expect(problems).toMatch(/OIDC_AUTHORITY is required/);
    expect(problems).toMatch(/OIDC_CLIENT_ID is required/);
    expect(problems).toMatch(/OIDC_API_SCOPE is required/);
  });

  it('refuses a warning that would come after the sign-out', () => {
    expect(() => loadConfig({ INACTIVITY_WARN_MS: '5000', INACTIVITY_LOGOUT_MS: '4000' })).toThrow(
      /INACTIVITY_WARN_MS must be less/,
    );
  });

  it('reads the OIDC settings', () => {
    const config = loadConfig({
      AUTH_MODE: 'oidc',
      OIDC_AUTHORITY: 'https://login.example.com/tenant/v2.0',
      OIDC_CLIENT_ID: 'client',
      OIDC_API_SCOPE: 'api://TEMOAuth/access',
    });
    expect(config.authMode).toBe('oidc');
    expect(config.oidc).toEqual({
      authority: 'https://login.example.com/tenant/v2.0',
      clientId: 'client',
      apiScope: 'api://TEMOAuth/access',
    });
  });

  it('reads the sign-in limits, in seconds, with defaults', () => {
    expect(loadConfig({}).signIn).toEqual({
      attemptsPerMinutePerAddress: 30,
      maxFailuresPerAccount: 5,
      maxFailuresPerAddress: 20,
      failureWindowMs: 900_000,
      lockoutMs: 900_000,
    });
    const config = loadConfig({
      SIGN_IN_ATTEMPTS_PER_MINUTE: '10',
      SIGN_IN_MAX_FAILURES: '3',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: '9',
      SIGN_IN_FAILURE_WINDOW_S: '60',
      SIGN_IN_LOCKOUT_S: '120',
    });
    expect(config.signIn).toEqual({
      attemptsPerMinutePerAddress: 10,
      maxFailuresPerAccount: 3,
      maxFailuresPerAddress: 9,
      failureWindowMs: 60_000,
      lockoutMs: 120_000,
    });
    expect(() => loadConfig({ SIGN_IN_MAX_FAILURES: '0' })).toThrow(
      /SIGN_IN_MAX_FAILURES must be a whole number from 1/,
    );
  });
  it('reads the job lease and how many jobs one server runs at once', () => {
    expect(loadConfig({})).toMatchObject({ jobLeaseMs: 60_000, jobConcurrency: 2 });
    expect(loadConfig({ JOB_LEASE_S: '3', JOB_CONCURRENCY: '1' })).toMatchObject({
      jobLeaseMs: 3000,
      jobConcurrency: 1,
    });
    expect(() => loadConfig({ JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY must be a whole number from 1/);
  });
  it('reads how many definition-work threads run and how long one task may take', () => {
    expect(loadConfig({}).definitionWork).toEqual({ workers: 1, timeoutMs: 30_000 });
    expect(loadConfig({ DEFINITION_WORKERS: '3', DEFINITION_CHECK_TIMEOUT_MS: '5000' }).definitionWork).toEqual({
      workers: 3,
      timeoutMs: 5000,
    });
    expect(() => loadConfig({ DEFINITION_WORKERS: '0' })).toThrow(/DEFINITION_WORKERS must be a whole number from 1/);
    expect(() => loadConfig({ DEFINITION_CHECK_TIMEOUT_MS: 'soon' })).toThrow(/DEFINITION_CHECK_TIMEOUT_MS must be/);
  });

  describe('e-mail (SMTP_* and MAIL_FROM)', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it('writes to the outbox when no SMTP server is set', () => {
      expect(loadConfig({}).mail).toEqual({ from: 'TEMO Order Desk <orders@localhost>' });
    });

    it('reads SMTP_URL or SMTP_HOST with its parts', () => {
      expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'desk@temo.example' }).mail).toEqual({
        smtp: { url: 'smtps://u:p@mail.example.com' },
        from: 'desk@temo.example',
      });
      expect(
        loadConfig({
          SMTP_HOST: 'mail.example.com',
          SMTP_SECURE: 'true',
          SMTP_USER: 'desk',
          SMTP_PASSWORD: 'secret',
          MAIL_FROM: 'Order Desk <desk@temo.example>',
        }).mail.smtp,
      ).toEqual({ host: 'mail.example.com', port: 465, secure: true, user: 'desk', password: 'secret' });
      expect(loadConfig({ SMTP_HOST: 'mail.example.com', MAIL_FROM: 'desk@temo.example' }).mail.smtp).toMatchObject({
        port: 587,
        secure: false,
      });
    });

    it.each([
      [{ SMTP_URL: 'smtp://a', SMTP_HOST: 'b', MAIL_FROM: 'x@y.z' }, 'SMTP_URL and SMTP_HOST are two ways'],
      [{ SMTP_HOST: 'mail.example.com' }, 'MAIL_FROM is required with SMTP_HOST'],
      [{ SMTP_URL: 'smtp://mail.example.com' }, 'MAIL_FROM is required with SMTP_URL'],
      [{ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'x@y.z' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
      [{ SMTP_USER: 'desk', SMTP_PASSWORD: 'p' }, 'SMTP_USER, SMTP_PASSWORD are set but SMTP_HOST is not'],
      [{ SMTP_HOST: 'h', SMTP_USER: 'desk', MAIL_FROM: 'x@y.z' }, 'SMTP_USER and SMTP_PASSWORD go together'],
      [{ SMTP_HOST: 'h', SMTP_PORT: '99999', MAIL_FROM: 'x@y.z' }, 'SMTP_PORT must be a whole number'],
      [{ SMTP_HOST: 'h', SMTP_SECURE: 'yes', MAIL_FROM: 'x@y.z' }, 'SMTP_SECURE must be true'],
      [{ SMTP_URL: 'smtp://h', SMTP_PORT: '25', MAIL_FROM: 'x@y.z' }, 'SMTP_PORT go with SMTP_HOST'],
      [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM must be an e-mail address'],
    ])('refuses the half-set %j at start-up', (env, problem) => {
      expect(problemsOf(env).join('\n')).toContain(problem);
    });
  });
});
