/** FileStorage on the local file system: DATA_DIR/files/dealers/<dealerId>/<key>. */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeFileKey, type DealerFiles, type FileStorage, type StorageHealth } from './file-storage';
import { isStorageFull } from './storage-errors';

/** Below this much free space the storage reports itself full (a drawing set or a PDF needs a few hundred KB). */
export const minFreeBytes = 1024 * 1024;

/** No file at the key: ENOENT, or ENOTDIR when a file sits where one of the key's folders would be. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Resolves a checked key inside the dealer's folder, refusing anything that would land outside it. */
function resolveInside(dealerRoot: string, key: string): string {
  const target = path.resolve(dealerRoot, ...key.split('/'));
  if (!target.startsWith(dealerRoot + path.sep)) throw new Error(`File key escapes its dealer folder: ${key}`);
  return target;
}

async function listFiles(folder: string, prefix: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const keys: string[] = [];
  for (const entry of entries) {
    if (entry.name.endsWith('.partial')) continue;
    if (entry.isDirectory()) keys.push(...(await listFiles(path.join(folder, entry.name), `${prefix}${entry.name}/`)));
    else if (entry.isFile()) keys.push(`${prefix}${entry.name}`);
  }
  return keys;
}

/** Deletes the `.partial` files a killed process left under `root`; returns how many. */
export async function removePartialFiles(root: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true, recursive: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  const partials = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.partial'));
  for (const entry of partials) await rm(path.join(entry.parentPath, entry.name), { force: true });
  return partials.length;
}

/** Free space and a real write under `root`: full below minFreeBytes or on ENOSPC, down when it cannot be written. */
async function checkDirectory(root: string): Promise<StorageHealth> {
  try {
    await mkdir(root, { recursive: true });
    const stats = await statfs(root);
    const freeBytes = stats.bavail * stats.bsize;
    if (freeBytes < minFreeBytes) return { status: 'full', freeBytes, problem: `only ${freeBytes} bytes free` };
    const probe = path.join(root, `.healthz-${randomBytes(4).toString('hex')}.partial`);
    try {
      await writeFile(probe, 'ok');
    } finally {
      await rm(probe, { force: true });
    }
    return { status: 'up', freeBytes };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { status: isStorageFull(error) ? 'full' : 'down', problem: `a test write failed (${code})` };
  }
}

/** Files under `root` (normally DATA_DIR/files), one folder per dealer. */
export function createDirectoryStorage(root: string): FileStorage {
  const absoluteRoot = path.resolve(root);
  return {
    health: () => checkDirectory(absoluteRoot),
    forDealer(dealerId: number): DealerFiles {
      if (!Number.isSafeInteger(dealerId) || dealerId <= 0) throw new Error(`Invalid dealer id ${dealerId}`);
      const dealerRoot = path.join(absoluteRoot, 'dealers', String(dealerId));
      return {
        async put(key, bytes) {
          assertSafeFileKey(key);
          const target = resolveInside(dealerRoot, key);
          await mkdir(path.dirname(target), { recursive: true });
          // Write beside, then rename: a reader never sees half a file.
          const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
          try {
            await writeFile(partial, bytes);
            await rename(partial, target);
          } catch (error) {
            await rm(partial, { force: true }).catch(() => {}); // a full disk must not keep the half-written file
            throw error;
          }
        },
        async get(key) {
          assertSafeFileKey(key);
          try {
            return await readFile(resolveInside(dealerRoot, key));
          } catch (error) {
            if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
            throw error;
          }
        },
        async list(prefix) {
          assertSafeFileKey(prefix, { allowTrailingSlash: true });
          const folderKey = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
          const keys = await listFiles(resolveInside(dealerRoot, folderKey), `${folderKey}/`);
          return keys.sort();
        },
        async delete(key) {
          assertSafeFileKey(key);
          await rm(resolveInside(dealerRoot, key), { force: true });
        },
      };
    },
  };
}
