import { readFileSync, writeFileSync } from 'node:fs';

/** Which deployed tree passed every check at a start of this server build (a restart on it need not check again). */
export interface CheckedDeployedTree {
  wasChecked(treeHash: string): boolean;
  remember(treeHash: string): void;
}

/**
 * A record in `file` (DATA_DIR/definitions-checked.json) of the tree hash that passed the start-up checks under build
 * `buildId`. A new build (other checks) or another tree is checked in full again; an unreadable or unwritable record
 * only costs that check.
 */
export function checkedDeployedTreeFile(file: string, buildId: string): CheckedDeployedTree {
  return {
    wasChecked(treeHash) {
      try {
        const record = JSON.parse(readFileSync(file, 'utf8')) as { buildId?: unknown; treeHash?: unknown };
        return record.buildId === buildId && record.treeHash === treeHash;
      } catch {
        return false;
      }
    },
    remember(treeHash) {
      try {
        writeFileSync(file, `${JSON.stringify({ buildId, treeHash })}\n`);
      } catch {
        // DATA_DIR not there yet (a first start) or not writable (reported by the storage check): checked again next time
      }
    },
  };
}
