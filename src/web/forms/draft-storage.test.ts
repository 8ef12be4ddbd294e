import { describe, expect, it } from 'vitest';
import { pickNewerDraft, readLocalDraft, removeLocalDraft, writeLocalDraft, type DraftStorage } from './draft-storage';

function memoryStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('drafts', () => {
  const older = { data: { a: 1 }, updatedAt: '2025-01-01T10:00:00.000Z' };
  const newer = { data: { a: 2 }, updatedAt: '2025-01-01T10:00:05.000Z' };

  it('restores the newer of the browser and server drafts', () => {
    expect(pickNewerDraft(older, newer)).toBe(newer);
    expect(pickNewerDraft(newer, older)).toBe(newer);
    expect(pickNewerDraft(null, older)).toBe(older);
    expect(pickNewerDraft(older, null)).toBe(older);
    expect(pickNewerDraft(null, null)).toBeNull();
  });

  it('keeps a draft per key in the browser and forgets it when removed', () => {
    const storage = memoryStorage();
    writeLocalDraft(storage, 'engineering:lakeside', newer);
    expect(readLocalDraft(storage, 'engineering:lakeside')).toEqual(newer);
    expect(readLocalDraft(storage, 'engineering:summit')).toBeNull();
    removeLocalDraft(storage, 'engineering:lakeside');
    expect(readLocalDraft(storage, 'engineering:lakeside')).toBeNull();
  });

  it('ignores a stored value that is not a draft', () => {
    const storage = memoryStorage();
    storage.setItem('dealer-portal.draft.x', '{not json');
    expect(readLocalDraft(storage, 'x')).toBeNull();
    storage.setItem('dealer-portal.draft.x', JSON.stringify({ data: [1], updatedAt: 'now' }));
    expect(readLocalDraft(storage, 'x')).toBeNull();
  });
});
