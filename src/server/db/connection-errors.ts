/** Tells "the database cannot be reached right now" (answer 503, try again) from a bug or bad data (500). */

/** SQLSTATE codes of a server going away or not taking connections yet. */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']); // admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
const unavailableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a lost or timed-out connection with a plain Error and no code.
const unavailableMessages = [
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
];

/** True when the error (or one it wraps: drizzle wraps driver errors as `cause`) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (unavailableStates.has(code) || code.startsWith('08') || unavailableErrnos.has(code))
    )
      return true;
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
    // A connect() that failed on several addresses (localhost as ::1 and 127.0.0.1) throws an AggregateError.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
