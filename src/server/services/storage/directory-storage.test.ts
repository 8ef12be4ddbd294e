import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDirectoryStorage } from './directory-storage';
import { isSafeFileKey, UnsafeFileKeyError } from './file-storage';

describe('directory storage', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it("stores, lists, reads and deletes one dealer's files", async () => {
    const files = createDirectoryStorage(root).forDealer(1001);
    await files.put('orders/A/drawings/2.png', Buffer.from('two'));
    await files.put('orders/A/drawings/1.png', Buffer.from('one'));
    expect(await files.list('orders/A/drawings/')).toEqual(['orders/A/drawings/1.png', 'orders/A/drawings/2.png']);
    expect((await files.get('orders/A/drawings/1.png'))?.toString()).toBe('one');
    await files.delete('orders/A/drawings/1.png');
    expect(await files.list('orders/A/')).toEqual(['orders/A/drawings/2.png']);
    expect(await files.get('orders/A/drawings/1.png')).toBeUndefined();
    expect(await files.list('orders/NONE/')).toEqual([]);
  });

  it("never reaches another dealer's files", async () => {
    const storage = createDirectoryStorage(root);
    await storage.forDealer(1001).put('orders/A/secret.txt', Buffer.from('lakeside'));
    const other = storage.forDealer(1002);
    expect(await other.get('orders/A/secret.txt')).toBeUndefined();
    expect(await other.list('orders/')).toEqual([]);
    await expect(other.get('../1001/orders/A/secret.txt')).rejects.toBeInstanceOf(UnsafeFileKeyError);
    await expect(other.list('../')).rejects.toBeInstanceOf(UnsafeFileKeyError);
  });

  it('refuses keys with .., absolute paths, backslashes, NUL or empty segments', () => {
    for (const key of ['..', 'a/../b', '/etc/passwd', 'a\\b', 'a\0b', 'a//b', '', '.hidden', 'a/..'])
      expect(isSafeFileKey(key), key).toBe(false);
    for (const key of ['orders/SUN-1001-20261122-153005-K7QX/drawings/job-3/x-01-plan-view.png', 'a.txt'])
      expect(isSafeFileKey(key), key).toBe(true);
  });
});
