import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

// The only file that listens. `npm run serve` runs it.
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Dealer portal on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (auth ${config.authMode}, database ${app.dbDialect})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`The server could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
