import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { readDemoData, seedDemoData } from '../src/server/db/seed-demo-data';

// `npm run seed`: applies migrations and adds the demo rows that are missing (safe to run again).
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const added = await seedDemoData(database.db, await readDemoData(path.join(config.definitionsDir, 'demo-data')));
    const where = database.dialect === 'pglite' ? path.join(config.dataDir, 'pglite') : 'DATABASE_URL';
    process.stdout.write(`Seeded ${where}; rows added: ${JSON.stringify(added)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Seed failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
