import path from 'node:path';
import { loadConfig, type AppConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { readDemoData, seedDemoData } from '../src/server/db/seed-demo-data';
import { runMigrations, StartupStepError } from '../src/server/db/seed-steps';
import { describeReason, describeStartupError } from '../src/server/startup-errors';

// `npm run seed`: applies migrations and adds the demo rows that are missing (safe to run again), a line a step.
let config: AppConfig | undefined;

async function main(): Promise<void> {
  config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await runMigrations(database);
    const log = (line: string) => process.stdout.write(`${line}\n`);
    const where = database.dialect === 'pglite' ? path.join(config.dataDir, 'pglite') : 'DATABASE_URL';
    log(`seed: ${where}: adding the demo rows that are missing, a line a step`);
    await seedDemoData(database.db, await readDemoData(path.join(config.definitionsDir, 'demo-data')), { log });
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // A seed step that failed here may be on the manufacturer's data: no advice to delete anything, only to run again.
  const line =
    error instanceof StartupStepError && error.kind === 'seed'
      ? `${error.step} failed: ${describeReason(error.cause)}. Run npm run seed again: it adds only the rows that are missing.`
      : describeStartupError(error, config);
  process.stderr.write(`Seed failed: ${line}\n`);
  process.exit(1);
});
