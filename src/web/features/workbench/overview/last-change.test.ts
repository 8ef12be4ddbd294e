import { describe, expect, it } from 'vitest';
import type { Version } from '../../../../contracts/definition-versions';
import { lastChangeOf } from './last-change';

const version = (id: number, source: Version['source']): Version => ({
  id,
  treeHash: 'a'.repeat(64),
  parentId: id > 1 ? id - 1 : null,
  author: 'temo.staff',
  note: '',
  source,
  fromDraftId: null,
  rolledBackTo: null,
  createdAt: new Date(0).toISOString(),
  isPublished: id === 4,
});

describe("a form's last change", () => {
  const versions = [version(4, 'publish'), version(3, 'publish'), version(2, 'rollback'), version(1, 'deployment')];
  const changed = new Map([
    [4, ['definitions/prices/pergola/pergola-fixed-attached.json', 'tests/golden/pergola/001.json']],
    [3, ['definitions/sunroom/rules.json']],
  ]);

  it('is the newest publish that touched its own files or a shared piece, or a rollback or deployment before that', () => {
    expect(lastChangeOf('pergola', versions, changed)?.id).toBe(4);
    expect(lastChangeOf('sunroom', versions, changed)?.id).toBe(4);
    const ownOnly = new Map([
      [4, ['tests/golden/pergola/001.json']],
      [3, ['definitions/sunroom/rules.json']],
    ]);
    expect(lastChangeOf('sunroom', versions, ownOnly)?.id).toBe(3);
    expect(lastChangeOf('pavilion', versions, ownOnly)?.id).toBe(2);
  });

  it('counts a publish it knows nothing of as a change', () => {
    expect(lastChangeOf('pavilion', versions, new Map())?.id).toBe(4);
  });
});
