/**
 * PGlite takes no lock of its own: a second process opening the same folder reads stale pages and corrupts the
 * first one's writes. A pid file beside the folder (`<dir>.pid`, created exclusively) keeps it to one process.
 */
import { readFile, unlink, writeFile } from 'node:fs/promises';

/** Thrown when another live process holds the PGlite folder. */
export class PgliteLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The PGlite database ${dir} is in use by process ${pid}`);
    this.name = 'PgliteLockedError';
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false; // our own pid: left by an earlier life of this container
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Takes the lock (replacing one left by a dead process); resolves to its release. */
export async function lockPgliteDir(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.pid`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return async () => {
        await unlink(file).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (isAlive(holder)) throw new PgliteLockedError(dir, holder);
    await unlink(file).catch(() => {});
  }
  throw new Error(`Could not take the lock file ${file}`);
}
