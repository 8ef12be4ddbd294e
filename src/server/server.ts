import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './config';
import { shutDownGracefully } from './services/shutdown/server-drain';
import { describeStartupError } from './startup-errors';

// The only file that listens. `npm run serve` runs it.
let config: AppConfig | undefined;
let app: FastifyInstance | undefined;

async function main(): Promise<void> {
  config = loadConfig();
  app = await buildApp(config);
  const running = app;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running.log.info(
        `${signal}: shutting down (readiness 503, in-flight requests and jobs finish or are handed back)`,
      );
      shutDownGracefully(running, { timeoutMs: running.config.shutdownTimeoutMs, log: running.log }).then(
        (isClean) => process.exit(isClean ? 0 : 1),
        () => process.exit(1),
      );
    });
  }
  await running.listen({ port: config.port, host: config.host });
  running.log.info(
    `Dealer portal on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (auth ${config.authMode}, database ${running.dbDialect})`,
  );
}

/** The full cause as a pino-style JSON line on stdout, only when LOG_LEVEL is debug or trace. */
function logDetail(error: unknown): void {
  const level = config?.logLevel ?? process.env.LOG_LEVEL?.trim();
  if (level !== 'debug' && level !== 'trace') return;
  const err =
    error instanceof Error
      ? {
          type: error.name,
          message: error.message,
          stack: error.stack,
          code: (error as { code?: unknown }).code,
          cause: String(error.cause ?? '') || undefined,
        }
      : { value: error };
  process.stdout.write(
    `${JSON.stringify({ level: 20, time: Date.now(), pid: process.pid, msg: 'start-up failed', err })}\n`,
  );
}

main().catch(async (error: unknown) => {
  logDetail(error);
  process.stderr.write(`The server could not start: ${describeStartupError(error, config)}\n`);
  await app?.close().catch(() => {}); // a failed listen leaves the database and the job worker open
  process.exit(1);
});
