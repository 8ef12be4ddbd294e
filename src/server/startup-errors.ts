/** Why the server could not start, in one line that names the cause and what to do (the detail goes to the log). */
import path from 'node:path';
import type { AppConfig } from './config';
import { ConfigError } from './config';
import { isDatabaseUnavailable } from './db/connection-errors';
import { PgliteLockedError } from './db/pglite-lock';
import { StartupStepError } from './db/seed-steps';
import { BrokenDefinitionsError } from './services/definition-registry';

interface ErrorLike {
  name?: string;
  code?: string;
  message?: string;
  path?: string;
  syscall?: string;
  cause?: unknown;
}

/** The error and the ones it wraps (drizzle wraps driver errors, AggregateError holds one per address). */
function chain(error: unknown): ErrorLike[] {
  const found: ErrorLike[] = [];
  const visit = (current: unknown, depth: number) => {
    if (!current || typeof current !== 'object' || depth > 5) return;
    found.push(current as ErrorLike);
    if (current instanceof AggregateError) for (const inner of current.errors) visit(inner, depth + 1);
    visit((current as ErrorLike).cause, depth + 1);
  };
  visit(error, 0);
  return found;
}

/** A thrown value that is not an Error (an object, a string), shown as JSON rather than `[object Object]`. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return firstLine(value) || 'an empty error';
  try {
    return `a ${typeof value} was thrown: ${JSON.stringify(value)?.slice(0, 200) ?? String(value)}`;
  } catch {
    return `a ${typeof value} was thrown`;
  }
}

function firstLine(text: string | undefined): string {
  return (
    (text ?? '')
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

/** host:port/database of DATABASE_URL, never its password. */
function describeDatabase(url: string | undefined): string {
  if (!url) return 'the database';
  try {
    const parsed = new URL(url);
    return `the PostgreSQL server ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname} (DATABASE_URL)`;
  } catch {
    return 'the PostgreSQL server of DATABASE_URL';
  }
}

/** The user name of DATABASE_URL, never its password. */
function describeUser(url: string): string {
  try {
    return decodeURIComponent(new URL(url).username) || '(none)';
  } catch {
    return 'of DATABASE_URL';
  }
}

function isInside(file: string | undefined, dir: string): boolean {
  if (!file) return false;
  const relative = path.relative(dir, path.resolve(file));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** One line (no stack, no `[object Object]`) saying what stopped the start and what to do about it. */
export function describeStartupError(error: unknown, config?: AppConfig): string {
  if (error instanceof StartupStepError)
    return `${error.step} failed: ${describeKnownCause(error.cause, config) ?? `${describeReason(error.cause)}. ${whatToDoAfter(error, config)}`}`;
  return describeKnownCause(error, config) ?? `${describeReason(error)}. ${unknownErrorAdvice(error)}`;
}

/** The message of a cause no rule below knows (the driver's, not drizzle's "Failed query: <sql>" around it). */
export function describeReason(error: unknown): string {
  const named = chain(error).filter(
    (e) => typeof e.message === 'string' && e.message.trim() && !e.message.startsWith('Failed query:'),
  );
  const found = named.find((e) => e.name !== 'StartupStepError') ?? named[0];
  if (!found) return describeValue(error);
  const text = `${found.name && found.name.toLowerCase() !== 'error' ? `${found.name}: ` : ''}${firstLine(found.message)}`;
  return found.code && /^[0-9A-Z]{5}$/.test(found.code) ? `${text} (SQLSTATE ${found.code})` : text;
}

/** What to do when a migration or a seed step failed for a reason no rule knows (a bug, bad data, a broken folder). */
function whatToDoAfter(error: StartupStepError, config?: AppConfig): string {
  const pgliteDir = config ? path.join(config.dataDir, 'pglite') : 'DATA_DIR/pglite';
  if (error.kind === 'migration')
    return config?.databaseUrl
      ? "Nothing was changed (the migrations run in one transaction). Check that DATABASE_URL names the portal's own database and that its user owns the tables, or start the portal's version that last ran on it."
      : `Nothing was changed (the migrations run in one transaction). Start the portal's version that last ran on the data folder ${pgliteDir}, or, if it holds only demo data, delete that folder and start again.`;
  return config?.databaseUrl
    ? 'Start again: the seed goes on after its last finished step. If the same step fails again, drop and create the database of DATABASE_URL (it holds only the unfinished demo seed) and start again.'
    : `Start again: the seed goes on after its last finished step. If the same step fails again, delete the data folder ${pgliteDir} (it holds only the unfinished demo seed) and start again.`;
}

/** For an error no rule knows: where it was thrown in the portal's code, so the line can be reported as it is. */
function unknownErrorAdvice(error: unknown): string {
  const stack = chain(error)
    .map((e) => (e as { stack?: unknown }).stack)
    .find((text): text is string => typeof text === 'string');
  const frame = stack
    ?.split('\n')
    .map((line) => /\(?(?:file:\/\/)?([^\s()]*\/src\/[^\s()]+?):(\d+):\d+\)?$/.exec(line.trim()))
    .find((match) => match && !match[1].includes('node_modules'));
  const where = frame ? ` (thrown at ${frame[1].slice(frame[1].lastIndexOf('/src/') + 1)} line ${frame[2]})` : '';
  return `Start again; if it fails the same way, report this line${where}.`;
}

/** The line for a cause one of the rules knows (configuration, definitions, the database, the port, the disk). */
function describeKnownCause(error: unknown, config?: AppConfig): string | undefined {
  if (error instanceof ConfigError)
    return `invalid configuration: ${error.problems.join('; ')}. Correct these environment variables and start again.`;
  if (error instanceof BrokenDefinitionsError) {
    const [first] = error.problems;
    const where = config ? path.relative(config.definitionsDir, first.file) || first.file : first.file;
    return `${error.problems.length} problem(s) in the form definitions, the first: ${where} ${first.path}: ${firstLine(first.reason)}. Fix them (npm run check:definitions lists them all) and start again.`;
  }
  if (error instanceof PgliteLockedError) {
    return `the database folder ${error.dir} is in use by another server (process ${error.pid}). Stop that process, or set DATA_DIR to another folder.`;
  }
  const errors = chain(error);
  const codes = errors.map((e) => e.code).filter((code): code is string => typeof code === 'string');
  const has = (...wanted: string[]) => codes.find((code) => wanted.includes(code));
  const listen = errors.find((e) => e.syscall === 'listen');
  if (listen && config) {
    if (listen.code === 'EADDRINUSE')
      return `port ${config.port} on ${config.host} is already in use (is another server running?). Stop that process, or set PORT to a free port.`;
    if (listen.code === 'EACCES')
      return `not allowed to listen on port ${config.port}. Set PORT to 1024 or above, or run with the right to bind it.`;
    if (listen.code === 'EADDRNOTAVAIL')
      return `HOST ${config.host} is not an address of this machine. Set HOST to 127.0.0.1, 0.0.0.0 or one of its addresses.`;
  }
  if (config?.databaseUrl) {
    const database = describeDatabase(config.databaseUrl);
    if (has('3D000'))
      return `${database} has no such database. Create it (createdb), or correct the database name in DATABASE_URL.`;
    if (has('28P01', '28000'))
      return `${database} refused the user or password. Correct the user and password in DATABASE_URL.`;
    if (has('ENOTFOUND', 'EAI_AGAIN'))
      return `the host of ${database} is not known. Correct the host name in DATABASE_URL.`;
    if (isDatabaseUnavailable(error)) {
      return `${database} cannot be reached (${codes[0] ?? firstLine(errors.at(-1)?.message)}). Start PostgreSQL or correct DATABASE_URL, then start again.`;
    }
    if (has('42501'))
      return `${database} refused the user ${describeUser(config.databaseUrl)}: ${describeReason(error)}. Connect as the database's owner in DATABASE_URL, or grant its user the right to create and change tables in it, then start again.`;
  }
  const timeout = errors.find((e) =>
    ['AVV_ERR_PLUGIN_EXEC_TIMEOUT', 'AVV_ERR_READY_TIMEOUT', 'FST_ERR_PLUGIN_TIMEOUT'].includes(e.code ?? ''),
  );
  if (timeout) {
    const part = /in time: '([^']+)'/.exec(timeout.message ?? '')?.[1] ?? 'a plugin';
    return `the server's part "${part}" did not finish starting within Fastify's plugin timeout (is the machine very busy?). Start again; if it fails the same way, report this line.`;
  }
  const full = has('ENOSPC', 'EDQUOT');
  if (full)
    return `the disk is full (${full}${config ? ` under DATA_DIR ${config.dataDir}` : ''}). Free some space and start again.`;
  const fileError = errors.find(
    (e) => ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOENT'].includes(e.code ?? '') && e.path,
  );
  if (fileError && config) {
    if (isInside(fileError.path, config.dataDir) || isInside(config.dataDir, fileError.path ?? '/nonexistent')) {
      return `DATA_DIR ${config.dataDir} is not writable (${fileError.code} on ${fileError.path}). Give the server's user write access to it, or set DATA_DIR to a folder it can write.`;
    }
    if (isInside(fileError.path, config.definitionsDir)) {
      return `DEFINITIONS_DIR ${config.definitionsDir} cannot be read (${fileError.code} on ${fileError.path}). Set DEFINITIONS_DIR to the definitions folder.`;
    }
    return `cannot use ${fileError.path} (${fileError.code}). Check that it exists and that the server's user may use it.`;
  }
  return undefined;
}
