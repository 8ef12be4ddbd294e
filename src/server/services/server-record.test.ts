import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mintStaffToken, ServerRouteRefused } from '../../../scripts/lib/orders-backend';
import {
  readLiveServerRecord,
  removeServerRecord,
  serverRecordFile,
  urlOfAddress,
  writeServerRecord,
  type ServerRecord,
} from './server-record';

const record: ServerRecord = {
  pid: process.pid,
  url: 'http://127.0.0.1:8080',
  database: 'pglite',
  authMode: 'local',
  issuer: 'http://localhost:8080/auth/local',
  audience: 'TEMOAuth',
  startedAt: '2026-11-25T00:00:00.000Z',
};

describe("the running server's record in DATA_DIR", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is read while its process lives, ignored once it is dead, removed only by its own process', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'server-record-'));
    expect(await readLiveServerRecord(dir)).toBeUndefined();
    await writeServerRecord(dir, record);
    expect(await readLiveServerRecord(dir)).toEqual(record);
    await removeServerRecord(dir, process.pid + 1);
    expect(await readLiveServerRecord(dir)).toEqual(record);
    await removeServerRecord(dir);
    expect(await readLiveServerRecord(dir)).toBeUndefined();
    // A record left by a process that is gone (pid far above any live one here).
    await writeFile(serverRecordFile(dir), JSON.stringify({ ...record, pid: 2 ** 22 + 17 }));
    expect(await readLiveServerRecord(dir)).toBeUndefined();
    await writeFile(serverRecordFile(dir), 'not json');
    expect(await readLiveServerRecord(dir)).toBeUndefined();
  });

  it('names a wildcard listener by the loopback', () => {
    expect(urlOfAddress({ address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(urlOfAddress({ address: '::1', family: 'IPv6', port: 8080 })).toBe('http://[::1]:8080');
  });

  it('a command cannot act through a server that signs in with OIDC, nor without its key, and says why', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'server-record-'));
    await expect(mintStaffToken(dir, { ...record, authMode: 'oidc' }, 'temo.staff', 'cli:x')).rejects.toThrow(
      /signs users in through OIDC/,
    );
    await expect(mintStaffToken(dir, record, 'temo.staff', 'cli:x')).rejects.toBeInstanceOf(ServerRouteRefused);
    expect(await readFile(serverRecordFile(dir)).catch(() => 'absent')).toBe('absent');
  });
});
