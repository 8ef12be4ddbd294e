import { describe, expect, it } from 'vitest';
import type { Checks, Draft } from '../../../../contracts/definition-versions';
import type { SaveOutcome } from '../api/definitions-api';
import { DraftWorkspace, storageKeyOf, type WorkspaceApi } from './draft-workspace';
import { jsonValidator } from './file-validators';

const checks: Checks = {
  ok: true,
  staticChecks: { errors: 0, warnings: 0, problems: [], forms: [] },
  goldenOrders: { total: 0, passed: 0, failed: 0, invalid: 0, failures: [] },
  tookMs: 1,
};

/** The draft API's behaviour in memory (the network is the boundary): hashes are content names, 409 on a stale base. */
function memoryServer(base: Record<string, string>) {
  const hashOf = (content: string) => `h:${content}`;
  const baseManifest = Object.fromEntries(Object.entries(base).map(([path, content]) => [path, hashOf(content)]));
  const files = new Map(Object.entries(base));
  let revision = 0;
  const puts: { path: string; baseHash: string | null }[] = [];
  const draft = (): Draft => ({
    id: 7,
    baseVersionId: 1,
    author: 'temo.product',
    note: '',
    status: 'open',
    revision,
    publishedVersionId: null,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    changes: [...files.entries()]
      .filter(([path, content]) => baseManifest[path] !== hashOf(content))
      .map(([path, content]) => ({ path, baseHash: baseManifest[path] ?? null, hash: hashOf(content) })),
  });
  const api: WorkspaceApi = {
    getDraft: async () => ({ draft: draft(), checks }),
    getManifest: async () => baseManifest,
    getDraftFile: async (_id, path) => {
      const content = files.get(path) ?? null;
      return { hash: content === null ? null : hashOf(content), content };
    },
    getDraftFolder: async (_id, folder) =>
      [...files.entries()]
        .filter(([path]) => path.startsWith(`${folder}/`))
        .map(([path, content]) => ({ path, hash: hashOf(content), content })),
    getVersionFile: async (_id, path) => ({ hash: baseManifest[path] ?? null, content: base[path] ?? null }),
    saveFile: async (_id, path, content, baseHash): Promise<SaveOutcome> => {
      puts.push({ path, baseHash });
      const now = files.get(path) ?? null;
      const nowHash = now === null ? null : hashOf(now);
      if (nowHash !== baseHash)
        return {
          kind: 'conflict',
          message: `${path} changed`,
          conflict: {
            path,
            yours: { baseHash, hash: null, content },
            theirs: { hash: nowHash, content: now, revision },
          },
        };
      if (content === null) files.delete(path);
      else files.set(path, content);
      revision += 1;
      return { kind: 'saved', answer: { draft: draft(), checks } };
    },
  };
  /** Another person saving the same file in the same draft. */
  const saveElsewhere = (path: string, content: string) => {
    files.set(path, content);
    revision += 1;
  };
  return { api, files, puts, saveElsewhere, hashOf };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const path = 'definitions/prices/pergola/pergola-motor-city.json';
const other = 'definitions/pergola/rules.json';

describe('a draft workspace', () => {
  it('loads files on demand, undoes and redoes every edit, and saves with the hash the edit started from', async () => {
    const server = memoryServer({ [path]: '{"a":1}', [other]: '{"rules":[]}' });
    const workspace = new DraftWorkspace(7, server.api, memoryStorage());
    await workspace.load();
    expect(workspace.getSnapshot().files.map((file) => file.path)).toEqual([other, path]);
    expect(workspace.contentOf(path)).toBeUndefined();
    expect(await workspace.readFile(path)).toBe('{"a":1}');

    workspace.writeFile(path, '{"a":2}', 'a: 1 → 2');
    workspace.writeFile(path, '{"a":3}', 'a: 2 → 3');
    expect(workspace.getSnapshot()).toMatchObject({ canUndo: true, undoLabel: 'a: 2 → 3', dirtyPaths: [path] });
    workspace.undo();
    expect(workspace.contentOf(path)).toBe('{"a":2}');
    workspace.undo();
    expect(workspace.contentOf(path)).toBe('{"a":1}');
    expect(workspace.getSnapshot().dirtyPaths).toEqual([]);
    workspace.redo();
    workspace.redo();
    expect(workspace.getSnapshot()).toMatchObject({ canRedo: false, dirtyPaths: [path] });

    await workspace.save();
    expect(server.puts).toEqual([{ path, baseHash: server.hashOf('{"a":1}') }]);
    expect(server.files.get(path)).toBe('{"a":3}');
    const snapshot = workspace.getSnapshot();
    expect(snapshot.dirtyPaths).toEqual([]);
    expect(snapshot.files.find((file) => file.path === path)?.draftStatus).toBe('changed');
    expect(snapshot.draft?.revision).toBe(1);

    // Undo after a save is a new edit to save, from the saved hash.
    workspace.undo();
    await workspace.save();
    expect(server.puts[1]).toEqual({ path, baseHash: server.hashOf('{"a":3}') });
    expect(server.files.get(path)).toBe('{"a":2}');
  });

  it('writes several files as one undoable step: undo and redo move them together', async () => {
    const server = memoryServer({ [path]: '{"a":1}', [other]: '{"rules":[]}' });
    const workspace = new DraftWorkspace(7, server.api, memoryStorage());
    await workspace.load();
    await workspace.loadFolder('definitions');
    workspace.writeFile(other, '{"rules":[0]}', 'first');
    workspace.writeFiles(
      [
        { path, content: '{"b":1}' },
        { path: other, content: '{"rules":["b"]}' },
        { path: 'definitions/pergola/new.json', content: '{}' },
      ],
      'Rename a to b',
    );
    expect(workspace.getSnapshot()).toMatchObject({ undoLabel: 'Rename a to b', dirtyPaths: expect.any(Array) });
    expect(workspace.getSnapshot().dirtyPaths.sort()).toEqual([path, 'definitions/pergola/new.json', other].sort());
    workspace.undo();
    expect(workspace.contentOf(path)).toBe('{"a":1}');
    expect(workspace.contentOf(other)).toBe('{"rules":[0]}');
    expect(workspace.getSnapshot()).toMatchObject({ undoLabel: 'first', redoLabel: 'Rename a to b' });
    expect(workspace.paths).not.toContain('definitions/pergola/new.json');
    workspace.redo();
    expect(workspace.contentOf(path)).toBe('{"b":1}');
    expect(workspace.contentOf(other)).toBe('{"rules":["b"]}');
    expect(workspace.contentOf('definitions/pergola/new.json')).toBe('{}');
    expect(workspace.history.map((edit) => edit.label)).toEqual([
      'first',
      'Rename a to b',
      'Rename a to b',
      'Rename a to b',
    ]);
    // Files left as they were make no edit; an unchanged set makes no step at all.
    workspace.writeFiles([{ path, content: '{"b":1}' }], 'nothing');
    expect(workspace.getSnapshot().undoLabel).toBe('Rename a to b');
    workspace.undo();
    workspace.undo();
    expect(workspace.getSnapshot()).toMatchObject({ canUndo: false, dirtyPaths: [] });
  });

  it('loads a folder in one call; a local edit stays on top of what it loads', async () => {
    const server = memoryServer({ [path]: '{"a":1}', [other]: '{"rules":[]}' });
    const workspace = new DraftWorkspace(7, server.api, memoryStorage());
    await workspace.load();
    await workspace.readFile(other);
    workspace.writeFile(other, '{"rules":[1]}', 'add a rule');
    await workspace.loadFolder('definitions');
    expect(workspace.contentOf(path)).toBe('{"a":1}');
    expect(workspace.contentOf(other)).toBe('{"rules":[1]}');
    expect(workspace.getSnapshot().dirtyPaths).toEqual([other]);
  });

  it('keeps unsaved edits in the browser and restores them on the next load', async () => {
    const server = memoryServer({ [path]: '{"a":1}' });
    const storage = memoryStorage();
    const first = new DraftWorkspace(7, server.api, storage);
    await first.load();
    await first.readFile(path);
    first.writeFile(path, '{"a":5}', 'a: 1 → 5');
    expect(JSON.parse(storage.items.get(storageKeyOf(7))!).files[path].content).toBe('{"a":5}');

    const reloaded = new DraftWorkspace(7, server.api, storage);
    await reloaded.load();
    expect(reloaded.getSnapshot().restoredPaths).toEqual([path]);
    expect(reloaded.contentOf(path)).toBe('{"a":5}');
    await reloaded.save();
    expect(server.files.get(path)).toBe('{"a":5}');
    expect(storage.items.has(storageKeyOf(7))).toBe(false);
  });

  it('on a 409 keeps both versions until the user keeps theirs or takes the server one', async () => {
    const server = memoryServer({ [path]: '{"a":1}' });
    const workspace = new DraftWorkspace(7, server.api, memoryStorage());
    await workspace.load();
    await workspace.readFile(path);
    workspace.writeFile(path, '{"a":2}', 'a: 1 → 2');
    server.saveElsewhere(path, '{"a":9}');
    await workspace.save();
    expect(workspace.getSnapshot().conflicts).toEqual([
      { path, message: `${path} changed`, mine: '{"a":2}', theirs: '{"a":9}', theirsHash: server.hashOf('{"a":9}') },
    ]);
    expect(workspace.getSnapshot().dirtyPaths).toEqual([path]);

    await workspace.resolveConflict(path, 'theirs');
    expect(workspace.contentOf(path)).toBe('{"a":9}');
    expect(workspace.getSnapshot()).toMatchObject({ conflicts: [], dirtyPaths: [] });
    workspace.undo(); // back to mine, as an edit on top of theirs
    await workspace.save();
    expect(server.files.get(path)).toBe('{"a":2}');

    workspace.writeFile(path, '{"a":3}', 'a: 2 → 3');
    server.saveElsewhere(path, '{"a":8}');
    await workspace.save();
    await workspace.resolveConflict(path, 'mine');
    expect(server.files.get(path)).toBe('{"a":3}');
    expect(workspace.getSnapshot().conflicts).toEqual([]);
  });

  it('refuses to save a file that is not JSON or a broken price table, saying why', async () => {
    const server = memoryServer({
      [path]: '{"kind":"price-table","length":{"roundUpTo":"even"},"width":{"roundUpTo":"even"},"prices":{"8x8":1}}',
    });
    const workspace = new DraftWorkspace(7, server.api, memoryStorage());
    workspace.addValidator(jsonValidator);
    await workspace.load();
    await workspace.readFile(path);
    workspace.writeFile(path, '{"kind":', 'broken');
    await workspace.save();
    expect(server.puts).toEqual([]);
    expect(workspace.getSnapshot().problems[0].message).toMatch(/not valid JSON/);
    workspace.writeFile(
      path,
      '{"kind":"price-table","length":{"roundUpTo":"even"},"width":{"roundUpTo":"even"},"prices":{"9x8":"x"}}',
      'odd',
    );
    await workspace.save();
    expect(workspace.getSnapshot().problems.map((problem) => problem.message)).toEqual([
      'Length 9 ft is never looked up: lengths are rounded up to an even number',
      '9 × 8: “x” is not a number of dollars',
    ]);
    expect(workspace.getSnapshot().saveError).toMatch(/not saved/);
  });
});
