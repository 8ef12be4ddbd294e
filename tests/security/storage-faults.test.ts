import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 10 point 7: a full disk answers 507 and flips readiness; half-written files never stay.
const run = promisify(execFile);

/** Mounts a tmpfs of `size` at a new folder; undefined (with the reason) when the sandbox refuses the mount. */
async function mountTmpfs(size: string): Promise<{ dir: string; unmount(): Promise<void> } | { refused: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-full-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return { refused: (error as { stderr?: string }).stderr?.trim() || (error as Error).message };
  }
  return {
    dir,
    async unmount() {
      await run('umount', [dir]).catch(() => run('umount', ['-l', dir]));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Writes until the file system says ENOSPC. */
async function fillUp(dir: string): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 1);
  for (let i = 0; i < 10_000; i += 1) {
    try {
      await writeFile(path.join(dir, `filler-${i}`), chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return;
      throw error;
    }
  }
  throw new Error('the tmpfs never filled up');
}

async function listAll(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String);
}

const probe = await mountTmpfs('1m');
const skipReason = 'refused' in probe ? `cannot mount a tmpfs here (${probe.refused})` : undefined;
if (!('refused' in probe)) await probe.unmount();

describe.each(apiDialects())('a full disk ($dialect)', ({ dialect, skipReason: dialectSkip }) => {
  if (dialectSkip || skipReason) {
    it.skip(`skipped: ${dialectSkip ?? skipReason}`, () => {});
    return;
  }
  let mount: { dir: string; unmount(): Promise<void> };
  let server: TestServer;
  let token: string;
  let fileName: string;

  beforeAll(async () => {
    const mounted = await mountTmpfs('4m');
    if ('refused' in mounted) throw new Error(mounted.refused);
    mount = mounted;
    server = await startTestServer({ dataDir: mount.dir }, { dialect }); // database in memory (PGlite) or on the server
    token = await server.tokenFor('lakeside');
    fileName = Object.keys((await get('/api/TxtThings/unprocessedFiles')).json() as object)[0];
  });
  afterAll(async () => {
    await server?.close();
    await mount?.unmount();
  });

  function get(url: string) {
    return server.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  }

  it('answers 507 with a clear message, leaves no half-written file, reports storage full, and recovers when space returns', async () => {
    expect((await get('/api/readyz')).statusCode).toBe(200);
    const filler = path.join(mount.dir, 'filler');
    await mkdir(filler);
    await fillUp(filler);

    const refused = await get(`/api/TxtThings/textfile/${fileName}`);
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json()).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: expect.stringContaining('no room left to store files'),
    });
    expect((await listAll(path.join(mount.dir, 'files'))).filter((name) => name.endsWith('.partial'))).toEqual([]);

    const health = await get('/api/readyz');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({
      status: 'not-ready',
      database: { status: 'up' },
      storage: { status: 'full', kind: 'directory' },
    });

    expect((await get('/api/healthz')).statusCode).toBe(200); // liveness: a full disk is no reason to restart
    await rm(filler, { recursive: true, force: true });
    expect((await get('/api/readyz')).statusCode).toBe(200);
    const served = await get(`/api/TxtThings/textfile/${fileName}`);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain(`TEMO ORDER ${fileName}`);
  });
});

describe('half-written files at start', () => {
  let dataDir: string;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are deleted when the server starts; whole files stay', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-partial-'));
    const folder = path.join(dataDir, 'files', 'dealers', '1001', 'orders', 'X', 'drawings');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, '01-plan.png'), 'whole');
    await writeFile(path.join(folder, '02-front.png.3fa9c1d2.partial'), 'half');
    await writeFile(path.join(dataDir, 'files', '.healthz-1a2b3c4d.partial'), 'o');
    server = await startTestServer({ dataDir });
    expect(
      (await listAll(path.join(dataDir, 'files'))).filter((name) => !name.endsWith('/') && name.includes('.')),
    ).toEqual([path.join('dealers', '1001', 'orders', 'X', 'drawings', '01-plan.png')]);
  });
});
