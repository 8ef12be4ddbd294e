import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedDeployedTreeFile } from './checked-deployed-tree';
import { TreeCompiler } from './compile';
import { readTreeFromDisk } from './tree';

describe('the deployed tree checked at an earlier start of the same build', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'checked-deployed-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('is remembered per build and tree, and forgotten by another build or another tree', () => {
    const file = path.join(dir, 'definitions-checked.json');
    const record = checkedDeployedTreeFile(file, 'build-1');
    expect(record.wasChecked('a'.repeat(64))).toBe(false);
    record.remember('a'.repeat(64));
    expect(checkedDeployedTreeFile(file, 'build-1').wasChecked('a'.repeat(64))).toBe(true);
    expect(checkedDeployedTreeFile(file, 'build-1').wasChecked('b'.repeat(64))).toBe(false);
    expect(checkedDeployedTreeFile(file, 'build-2').wasChecked('a'.repeat(64))).toBe(false);
  });

  it('costs only a check again when the record cannot be written or read', async () => {
    const missing = checkedDeployedTreeFile(path.join(dir, 'no-such-folder', 'definitions-checked.json'), 'build-1');
    expect(() => missing.remember('a'.repeat(64))).not.toThrow();
    expect(missing.wasChecked('a'.repeat(64))).toBe(false);
    await writeFile(path.join(dir, 'garbled.json'), '{not json');
    expect(checkedDeployedTreeFile(path.join(dir, 'garbled.json'), 'build-1').wasChecked('a'.repeat(64))).toBe(false);
  });

  it(
    'is compiled without its checks, and a later compile still runs them (none cached unchecked)',
    { timeout: 60_000 },
    async () => {
      const definitionsDir = path.join(dir, 'definitions');
      await cp('definitions', definitionsDir, { recursive: true });
      // A condition no rule uses: a warning only the static checks report.
      const rulesFile = path.join(definitionsDir, 'engineering', 'rules.json');
      const rules = JSON.parse(await readFile(rulesFile, 'utf8')) as { conditions?: Record<string, unknown> };
      rules.conditions = { ...rules.conditions, neverUsedHere: { '==': [1, 1] } };
      await writeFile(rulesFile, JSON.stringify(rules, null, 2));
      const tree = readTreeFromDisk({ definitionsDir, goldenDir: path.join(dir, 'golden') });
      const compiler = new TreeCompiler();

      const trusted = await compiler.compile(tree, definitionsDir, { checkedBefore: true });
      expect(trusted.problems).toEqual([]);
      expect(trusted.forms.get('engineering')?.compiled).toBeDefined();
      expect(trusted.forms.get('sunroom')?.compiled).toBeDefined();

      const checked = await compiler.compile(tree, definitionsDir);
      expect(checked.problems.map((p) => p.reason)).toContain('condition "neverUsedHere" is never used');
    },
  );
});
