/** File-system errors that mean "no room left" (answer 507), not a bug. */

const fullCodes = new Set(['ENOSPC', 'EDQUOT']);

/** True when the error (or one it wraps as `cause`) says the disk or the quota is full. */
export function isStorageFull(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && fullCodes.has(code)) return true;
  }
  return false;
}
