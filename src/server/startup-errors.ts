/** Why the server could not start, in one line that names the cause and what to do (the detail goes to the log). */
import path from 'node:path';
import type { AppConfig } from './config';
import { ConfigError } from './config';
import { isDatabaseUnavailable } from './db/connection-errors';
import { PgliteLockedError } from './db/pglite-lock';
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

function isInside(file: string | undefined, dir: string): boolean {
  if (!file) return false;
  const relative = path.relative(dir, path.resolve(file));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** One line (no stack, no `[object Object]`) saying what stopped the start and what to do about it. */
export function describeStartupError(error: unknown, config?: AppConfig): string {
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
  const named = errors.find((e) => typeof e.message === 'string' && e.message.trim());
  const text = named
    ? `${named.name && named.name !== 'Error' ? `${named.name}: ` : ''}${firstLine(named.message)}`
    : describeValue(error);
  return `${text}. Start with LOG_LEVEL=debug to log the details.`;
}
