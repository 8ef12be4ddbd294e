/**
 * Global set-up of the unit project: its tests (and the scripts they spawn) make their temporary folders in one
 * folder of this run, removed when the run ends, so no run leaves folders behind in the system's temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(path.join(tmpdir(), 'dealer-portal-unit-'));
  // os.tmpdir() reads TMPDIR on every call; the workers and the scripts they spawn inherit it.
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
