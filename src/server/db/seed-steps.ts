/**
 * The steps of preparing a database at first start (the migrations, then each step of the demo seed): a line per step
 * with its counts and time, and an error naming the step that threw (startup-errors.ts says what to do about it).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DatabaseHandle } from './database';
import { migrationsFolder } from './database';

/** Where a seed's lines go: the server's logger at info, `npm run seed`'s stdout; none in tests. */
export type SeedLog = (line: string) => void;

/** A first-start step that threw: what it was ("the migration 0007_definition_versions", "the Lakeside Sunrooms order history"). */
export class StartupStepError extends Error {
  constructor(
    readonly step: string,
    readonly kind: 'migration' | 'seed',
    cause: unknown,
  ) {
    super(`${step} failed`, { cause });
    this.name = 'StartupStepError';
  }
}

/**
 * Logs a seed line and lets the event loop turn once: PGlite's queries never wait on I/O, so without it the logger's
 * asynchronous writes to stdout would wait for the whole seed and every line would appear at its end.
 */
export async function logSeedLine(log: SeedLog | undefined, line: string): Promise<void> {
  if (!log) return;
  log(line);
  await nextTurn();
}

/** 1,234 (the seed's lines are read by people). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs one seed step: on success logs `seed: <what it added> … <seconds>`; a throw becomes a StartupStepError naming
 * the step (an error already naming an inner step passes through).
 */
export async function runSeedStep<T>(
  log: SeedLog | undefined,
  step: string,
  work: () => Promise<T>,
  added: (result: T) => string,
): Promise<T> {
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } catch (error) {
    throw error instanceof StartupStepError
      ? error
      : new StartupStepError(`the demo seed's step "${step}"`, 'seed', error);
  }
  await logSeedLine(log, `seed: ${added(result)} … ${formatSeconds(performance.now() - started)}`);
  return result;
}

/** The seed's last line: how many rows it added in all and how long it took. */
export async function logSeedDone(log: SeedLog | undefined, rows: number, startedAt: number): Promise<void> {
  await logSeedLine(log, `seed: done, ${formatCount(rows)} rows in ${formatSeconds(performance.now() - startedAt)}`);
}

/**
 * Applies the pending migrations (one transaction: a failure changes nothing); a failure names the migration whose
 * statement failed (found by its SQL in the migrations folder), or "the migrations" when none matches.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  try {
    await handle.migrate();
  } catch (error) {
    const name = await findMigrationOf(error);
    throw new StartupStepError(name ? `the migration ${name}` : 'the migrations', 'migration', error);
  }
}

/** The migration file (without .sql) holding the statement drizzle reports as failed (DrizzleQueryError.query). */
async function findMigrationOf(error: unknown): Promise<string | undefined> {
  const query = (error as { query?: unknown } | undefined)?.query;
  if (typeof query !== 'string' || !query.trim()) return undefined;
  const files = (await readdir(migrationsFolder).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    const text = await readFile(path.join(migrationsFolder, file), 'utf8').catch(() => '');
    if (text.includes(query.trim())) return file.replace(/\.sql$/, '');
  }
  return undefined;
}
