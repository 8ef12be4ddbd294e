import { describe, expect, it } from 'vitest';
import { createMemoryFiles, loadDefinitionFromFiles } from '../../definition-tree/index';
import { readTreeFromDisk } from '../services/definition-versions/tree';
import { listDefinitionFolders, readDefinitionFolder } from './read-definitions';

describe('the in-memory reader and the disk reader', () => {
  // Compiles every form twice (~2 s idle).
  it('read every repository form into the same bundle, with the same problems', { timeout: 60_000 }, () => {
    const tree = readTreeFromDisk({ definitionsDir: 'definitions', goldenDir: 'tests/golden' });
    const contents = Object.fromEntries(
      Object.entries(tree.manifest).map(([treePath, hash]) => [treePath, tree.contents.get(hash)!]),
    );
    const files = createMemoryFiles(contents);
    for (const form of listDefinitionFolders('definitions')) {
      const fromDisk = readDefinitionFolder(`definitions/${form}`);
      const fromMemory = loadDefinitionFromFiles(files, form);
      expect(fromMemory.problems).toEqual(fromDisk.problems);
      expect(fromMemory.bundle).toEqual(fromDisk.bundle);
      expect(fromMemory.compiled?.ruleIds).toEqual(fromDisk.compiled?.ruleIds);
    }
  });
});
