/** Strict checks of every file parameter (file names, folder names, PDF names) before anything is looked up. */

const allowedPattern = /^[A-Za-z0-9][A-Za-z0-9 ._()-]*$/;
export const maxFileParameterLength = 160;

/**
 * Why a file parameter is refused (400), or undefined when it is a plain name. Parameters arrive decoded once by
 * the router, so a '%' left in them means double encoding and is refused too.
 */
export function findFileParameterProblem(name: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return `${name} is required`;
  if (value.length > maxFileParameterLength) return `${name} must be at most ${maxFileParameterLength} characters`;
  if (value.includes('\0')) return `${name} must not contain a NUL character`;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return `${name} must not contain control characters`;
  if (value.includes('\\')) return `${name} must not contain a backslash`;
  if (value.includes('/')) return `${name} must be a plain name, not a path`;
  if (/^[A-Za-z]:/.test(value)) return `${name} must not be an absolute path`;
  if (value.includes('..')) return `${name} must not contain '..'`;
  if (value.includes('%')) return `${name} must not contain encoded characters`;
  if (!allowedPattern.test(value))
    return `${name} may hold only letters, digits, spaces and . _ - ( ), starting with a letter or digit`;
  return undefined;
}

/** Every problem among the named parameters (undefined ones are skipped: the route schema says which are required). */
export function findFileParameterProblems(parameters: Record<string, unknown>): string[] {
  return Object.entries(parameters)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => findFileParameterProblem(name, value))
    .filter((problem): problem is string => problem !== undefined);
}

/** `fileNames` may list several names separated by commas; each is checked on its own. At most 50. */
export function splitFileNames(value: string): { names: string[]; problems: string[] } {
  const names = value.split(',').map((n) => n.trim());
  if (names.length > 50) return { names: [], problems: ['fileNames may list at most 50 names'] };
  const problems = names
    .map((n, i) => findFileParameterProblem(names.length > 1 ? `fileNames[${i}]` : 'fileNames', n))
    .filter((p): p is string => !!p);
  return { names: [...new Set(names)], problems };
}
