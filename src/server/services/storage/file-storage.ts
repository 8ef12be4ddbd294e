/** Where generated and uploaded files live (drawings, PDFs, text files), always reached through one dealer's scope. */

/** One dealer's files. Keys are relative paths like `orders/SUN-1001-.../drawings/01-plan.png`. */
export interface DealerFiles {
  /** Stores (or replaces) a file; written whole or not at all. */
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Keys under a folder prefix (e.g. `orders/X/drawings/`), sorted; [] when none. */
  list(prefix: string): Promise<string[]>;
  /** Removes a file; no error when it is already gone. */
  delete(key: string): Promise<void>;
}

/**
 * The storage back end (a directory under DATA_DIR/files now; Azure Blob Storage with issue 5). Files are only
 * reachable through `forDealer`, so a caller can never name another dealer's file.
 */
export interface FileStorage {
  forDealer(dealerId: number): DealerFiles;
  /** Whether files can be written now (GET /api/healthz); a back end without a check counts as up. */
  health?(): Promise<StorageHealth>;
}

/** `full`: no room for a new file (writes answer 507); `down`: not writable or not reachable. */
export interface StorageHealth {
  status: 'up' | 'down' | 'full';
  /** Bytes free to us, when the back end knows. */
  freeBytes?: number;
  problem?: string;
}

/** Thrown for a key that could leave its dealer's scope ('..', absolute, backslash, NUL, empty segment). */
export class UnsafeFileKeyError extends Error {
  constructor(readonly key: string) {
    super(`Unsafe file key '${key.slice(0, 200)}'`);
    this.name = 'UnsafeFileKeyError';
  }
}

const segmentPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** True when every '/'-separated segment is a plain name (letters, digits, '.', '_', '-'; not starting with '.'). */
export function isSafeFileKey(key: string, { allowTrailingSlash = false } = {}): boolean {
  if (key.length === 0 || key.length > 512) return false;
  const segments = key.split('/');
  if (allowTrailingSlash && segments.at(-1) === '') segments.pop();
  return segments.length > 0 && segments.every((segment) => segmentPattern.test(segment) && !segment.includes('..'));
}

/** Throws UnsafeFileKeyError unless the key is safe. */
export function assertSafeFileKey(key: string, options?: { allowTrailingSlash?: boolean }): void {
  if (!isSafeFileKey(key, options)) throw new UnsafeFileKeyError(key);
}
