/**
 * Issue 12: definitions as versioned data. The deployed tree is the first published version; drafts with checks on
 * every change, a conflicting edit (409 with both versions), publish refused on a failing golden order (named),
 * publish, rollback, the semantic diff, roles, the audit log, ETag/304, and the deployment import.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checks, Draft, PublishAnswer, TreeDiff, VersionList } from '../../src/contracts/definition-versions';
import { DefinitionVersions } from '../../src/server/services/definition-versions/index';
import {
  apiBackend,
  databaseBackend,
  main,
  runDefinitionsCommand,
  type DefinitionsBackend,
} from '../../scripts/definitions';
import { apiDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

const pricePath = 'definitions/prices/pergola/pergola-fixed-attached.json';
const goldenPath =
  'tests/golden/pergola/043-price-pergola-fixed-attached-10-6-x-13-rounds-up-to-12-x-14-even-sizes.json';
const rulesPath = 'definitions/pergola/rules.json';

type Json = Record<string, unknown>;
interface DraftAnswer {
  draft: Draft;
  checks: Checks;
}
interface FileAnswer {
  path: string;
  hash: string | null;
  content: string | null;
}

/** Every staff route with a request that would succeed for the right role (ids that exist after the lifecycle). */
const staffRoutes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Json }[] = [
  { method: 'GET', url: '/api/definition-versions' },
  { method: 'GET', url: '/api/definition-versions/diff?from=1&to=1' },
  { method: 'GET', url: '/api/definition-versions/1' },
  { method: 'GET', url: `/api/definition-versions/1/file?path=${encodeURIComponent(pricePath)}` },
  { method: 'POST', url: '/api/definition-versions/1/rollback', payload: {} },
  { method: 'GET', url: '/api/definition-drafts' },
  { method: 'POST', url: '/api/definition-drafts', payload: {} },
  { method: 'GET', url: '/api/definition-drafts/1' },
  { method: 'GET', url: `/api/definition-drafts/1/file?path=${encodeURIComponent(pricePath)}` },
  { method: 'PUT', url: '/api/definition-drafts/1/file', payload: { path: pricePath, content: '{}', baseHash: null } },
  {
    method: 'DELETE',
    url: `/api/definition-drafts/1/file?path=${encodeURIComponent(pricePath)}&baseHash=${'0'.repeat(64)}`,
  },
  { method: 'GET', url: '/api/definition-drafts/1/diff' },
  { method: 'POST', url: '/api/definition-drafts/1/publish', payload: {} },
  { method: 'DELETE', url: '/api/definition-drafts/1' },
  { method: 'GET', url: '/api/definition-audit' },
  { method: 'POST', url: '/api/definition-drafts/1/impact', payload: {} },
  { method: 'GET', url: '/api/definition-impact/1' },
];

describe.each(apiDialects())('definition versions ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const call = async (
    username: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    server.app.inject({
      method,
      url,
      payload: payload as Json,
      headers: { authorization: `Bearer ${await server.tokenFor(username)}`, ...headers },
    });
  const json = <T>(response: { json(): unknown }) => response.json() as T;
  const draftFile = async (draftId: number, treePath: string) =>
    json<FileAnswer>(
      await call('temo.product', 'GET', `/api/definition-drafts/${draftId}/file?path=${encodeURIComponent(treePath)}`),
    );
  const put = (
    draftId: number,
    treePath: string,
    content: string,
    baseHash: string | null,
    username = 'temo.product',
  ) => call(username, 'PUT', `/api/definition-drafts/${draftId}/file`, { path: treePath, content, baseHash });
  const edit = (text: string, change: (value: Json) => void) => {
    const value = JSON.parse(text) as Json;
    change(value);
    return `${JSON.stringify(value, null, 2)}\n`;
  };
  const audit = async (query = '') =>
    json<{
      entries: {
        actor: string;
        action: string;
        draftId: number | null;
        versionId: number | null;
        path: string | null;
        details: Json;
      }[];
    }>(await call('temo.staff', 'GET', `/api/definition-audit${query}`)).entries;
  const pergola = async (headers: Record<string, string> = {}) =>
    call('summit', 'GET', '/api/definitions/pergola', undefined, headers);

  it('imports the deployed definitions and golden orders as the first published version', async () => {
    const list = json<VersionList>(await call('temo.staff', 'GET', '/api/definition-versions'));
    expect(list.versions).toHaveLength(1);
    expect(list.versions[0]).toMatchObject({
      id: 1,
      author: 'deployment',
      source: 'deployment',
      parentId: null,
      isPublished: true,
    });
    expect(list.versions[0].fileCount).toBeGreaterThan(1000);
    expect(list.published).toBe(1);
    const version = json<{ manifest: Record<string, string> }>(
      await call('temo.product', 'GET', '/api/definition-versions/1'),
    );
    expect(Object.keys(version.manifest)).toEqual(expect.arrayContaining([pricePath, goldenPath, rulesPath]));
    expect(Object.keys(version.manifest).some((p) => p.startsWith('definitions/demo-data/'))).toBe(false);
    const entries = await audit();
    expect(entries.at(-1)).toMatchObject({ actor: 'deployment', action: 'deployment', versionId: 1 });
  });

  it('serves the published definition with an ETag per version and 304 on If-None-Match', async () => {
    const first = await pergola();
    expect(first.statusCode).toBe(200);
    const list = json<VersionList>(await call('temo.staff', 'GET', '/api/definition-versions'));
    expect(first.headers.etag).toBe(`"${list.versions[0].treeHash}"`);
    expect(first.headers['x-definitions-version']).toBe('1');
    expect(first.headers['cache-control']).toContain('no-cache');
    const again = await pergola({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Over HTTP with compression, as a browser revalidates its cached copy.
    const headers = { authorization: `Bearer ${await server.tokenFor('summit')}`, 'accept-encoding': 'br, gzip' };
    const compressed = await fetch(`${server.baseUrl}/api/definitions/pergola`, { headers });
    expect(compressed.headers.get('content-encoding')).toMatch(/br|gzip/);
    await compressed.arrayBuffer();
    const revalidated = await fetch(`${server.baseUrl}/api/definitions/pergola`, {
      headers: { ...headers, 'if-none-match': compressed.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    const byVersion = await call('summit', 'GET', `/api/definitions/pergola?version=${list.versions[0].treeHash}`);
    expect(byVersion.statusCode).toBe(200);
    expect(byVersion.headers['cache-control']).toContain('immutable');
    expect((await call('summit', 'GET', `/api/definitions/pergola?version=${'a'.repeat(64)}`)).statusCode).toBe(404);
  });

  it('a dealer gets 403 on every staff route, and an employee without a definitions role too', async () => {
    for (const username of ['summit', 'temo.employee']) {
      for (const route of staffRoutes) {
        const response = await call(username, route.method, route.url, route.payload);
        expect(response.statusCode, `${username} ${route.method} ${route.url}`).toBe(403);
      }
    }
  });

  let draftId: number;
  let priceHash: string;
  let firstEtag: string;

  it('opens a draft on the published version and answers its checks', async () => {
    firstEtag = String((await pergola()).headers.etag);
    const response = await call('temo.product', 'POST', '/api/definition-drafts', { note: 'pergola price rise' });
    expect(response.statusCode).toBe(201);
    const answer = json<DraftAnswer>(response);
    draftId = answer.draft.id;
    expect(answer.draft).toMatchObject({
      baseVersionId: 1,
      author: 'temo.product',
      status: 'open',
      revision: 0,
      changes: [],
    });
    expect(answer.checks.ok).toBe(true);
    expect(answer.checks.staticChecks.errors).toBe(0);
    expect(answer.checks.goldenOrders.failed).toBe(0);
    expect(answer.checks.goldenOrders.total).toBeGreaterThan(900);
  });

  it('a price change answers the checks, with the golden order it breaks named', async () => {
    const file = await draftFile(draftId, pricePath);
    priceHash = file.hash!;
    const content = edit(file.content!, (table) => {
      (table.prices as Record<string, number>)['12x14'] = 8900;
    });
    const response = await put(draftId, pricePath, content, priceHash);
    expect(response.statusCode).toBe(200);
    const answer = json<DraftAnswer>(response);
    expect(answer.draft.revision).toBe(1);
    expect(answer.draft.changes).toEqual([
      { path: pricePath, baseHash: priceHash, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(answer.checks.ok).toBe(false);
    expect(answer.checks.goldenOrders.failures.map((f) => f.file)).toEqual([goldenPath]);
    expect(answer.checks.goldenOrders.failures[0].details.join(' ')).toContain('expect.price: expected 8830, got 8900');
  });

  it('answers every file under a folder in one call, as the draft holds them; a bad folder is a 400', async () => {
    const folder = pricePath.slice(0, pricePath.lastIndexOf('/'));
    const response = await call('temo.product', 'GET', `/api/definition-drafts/${draftId}/files?under=${folder}`);
    expect(response.statusCode).toBe(200);
    const answer = json<{ under: string; files: { path: string; hash: string; content: string }[] }>(response);
    expect(answer.files.length).toBeGreaterThan(1);
    expect(answer.files.every((file) => file.path.startsWith(`${folder}/`))).toBe(true);
    const price = answer.files.find((file) => file.path === pricePath)!;
    expect(price).toEqual(await draftFile(draftId, pricePath));
    expect(price.content).toContain('8900');
    const golden = json<{ files: unknown[] }>(
      await call('temo.product', 'GET', `/api/definition-drafts/${draftId}/files?under=tests/golden/pergola`),
    );
    expect(golden.files.length).toBeGreaterThan(40);
    for (const under of ['src', 'definitions/../src', 'tests/golden/', '/etc'])
      expect(
        (await call('temo.product', 'GET', `/api/definition-drafts/${draftId}/files?under=${under}`)).statusCode,
      ).toBe(400);
    expect((await call('temo.product', 'GET', '/api/definition-drafts/99999/files?under=definitions')).statusCode).toBe(
      404,
    );
    expect((await call('summit', 'GET', `/api/definition-drafts/${draftId}/files?under=definitions`)).statusCode).toBe(
      403,
    );
  });

  it('a second edit from the same base is a 409 with both versions, and nothing changes', async () => {
    const theirs = await draftFile(draftId, pricePath);
    const mine = edit((await readFile(pricePath, 'utf8')).toString(), (table) => {
      (table.prices as Record<string, number>)['12x14'] = 9999;
    });
    const response = await put(draftId, pricePath, mine, priceHash);
    expect(response.statusCode).toBe(409);
    const body = json<{
      message: string;
      conflict: { path: string; yours: FileAnswer & { baseHash: string }; theirs: FileAnswer & { revision: number } };
    }>(response);
    expect(body.conflict.path).toBe(pricePath);
    expect(body.conflict.yours).toMatchObject({ baseHash: priceHash, content: mine });
    expect(body.conflict.theirs).toMatchObject({ hash: theirs.hash, content: theirs.content, revision: 1 });
    expect((await draftFile(draftId, pricePath)).hash).toBe(theirs.hash);
  });

  it('publishing needs the publisher role', async () => {
    const response = await call('temo.product', 'POST', `/api/definition-drafts/${draftId}/publish`, {});
    expect(response.statusCode).toBe(403);
  });

  it('publish is refused while a golden order fails, naming it', async () => {
    const response = await call('temo.staff', 'POST', `/api/definition-drafts/${draftId}/publish`, { note: 'try' });
    expect(response.statusCode).toBe(422);
    const body = json<{ message: string; failingOrders: string[] }>(response);
    expect(body.failingOrders).toEqual([expect.stringContaining(goldenPath)]);
    expect(body.message).toContain(goldenPath);
    expect((await pergola()).headers['x-definitions-version']).toBe('1');
  });

  it('the golden order changed in the same draft lets it publish; dealers get the new price', async () => {
    const golden = await draftFile(draftId, goldenPath);
    const content = edit(golden.content!, (order) => {
      (order.expect as Json).price = 8900;
    });
    const answer = json<DraftAnswer>(await put(draftId, goldenPath, content, golden.hash));
    expect(answer.checks.ok).toBe(true);
    const response = await call('temo.staff', 'POST', `/api/definition-drafts/${draftId}/publish`, {
      note: 'pergola 12x14 up',
    });
    expect(response.statusCode).toBe(200);
    const published = json<PublishAnswer>(response);
    expect(published.version).toMatchObject({
      id: 2,
      parentId: 1,
      author: 'temo.staff',
      source: 'publish',
      fromDraftId: draftId,
      isPublished: true,
      note: 'pergola 12x14 up',
    });
    const served = await pergola({ 'if-none-match': firstEtag });
    expect(served.statusCode).toBe(200);
    expect(served.headers.etag).toBe(`"${published.version.treeHash}"`);
    expect(served.headers['x-definitions-version']).toBe('2');
    const data = json<{ data: Record<string, { prices: Record<string, number> }> }>(served).data;
    expect(data['pergola-fixed-attached'].prices['12x14']).toBe(8900);
    const closed = await put(draftId, pricePath, '{}', null);
    expect(closed.statusCode).toBe(409);
  });

  it('the diff names the price row and the golden order changed', async () => {
    const diff = json<TreeDiff>(await call('temo.product', 'GET', '/api/definition-versions/diff?from=1&to=2'));
    expect(diff.files.changed).toEqual([pricePath, goldenPath].sort());
    expect(diff.forms.map((f) => f.form)).toEqual(['pergola']);
    const [form] = diff.forms;
    expect(form.prices).toEqual([{ table: 'pergola-fixed-attached', row: '12x14', from: 8830, to: 8900 }]);
    expect(form.goldenOrders.changed.map((o) => o.path)).toEqual([goldenPath]);
    expect(form.rules).toEqual({ added: [], removed: [], changed: [] });
  });

  it('a rule change, and two drafts at once', async () => {
    const first = json<DraftAnswer>(
      await call('temo.product', 'POST', '/api/definition-drafts', { note: 'trim label' }),
    );
    const second = json<DraftAnswer>(await call('temo.staff', 'POST', '/api/definition-drafts', { note: 'other' }));
    expect(second.draft.id).not.toBe(first.draft.id);
    const rules = await draftFile(first.draft.id, rulesPath);
    const content = edit(rules.content!, (file) => {
      const rule = (file.rules as Json[]).find((r) => r.id === 'required:trim')!;
      rule.description = 'Trim colour (edited)';
    });
    const answer = json<DraftAnswer>(await put(first.draft.id, rulesPath, content, rules.hash));
    expect(answer.checks.staticChecks.errors).toBe(0);
    const published = await call('temo.staff', 'POST', `/api/definition-drafts/${first.draft.id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    const diff = json<TreeDiff>(await call('temo.product', 'GET', '/api/definition-versions/diff?from=2&to=3'));
    expect(diff.forms.map((f) => f.form)).toEqual(['pergola']);
    expect(diff.forms[0].rules.changed).toEqual([{ id: 'required:trim', kind: 'required', keys: ['description'] }]);
    const draftDiff = json<TreeDiff>(
      await call('temo.product', 'GET', `/api/definition-drafts/${second.draft.id}/diff`),
    );
    expect(draftDiff.forms).toEqual([]);
    expect((await call('temo.product', 'DELETE', `/api/definition-drafts/${second.draft.id}`)).statusCode).toBe(200);
  });

  it('rollback publishes an earlier version as a new version', async () => {
    expect((await call('temo.product', 'POST', '/api/definition-versions/1/rollback', {})).statusCode).toBe(403);
    const response = await call('temo.staff', 'POST', '/api/definition-versions/1/rollback', {
      note: 'back to the deployment',
    });
    expect(response.statusCode).toBe(200);
    const version = json<PublishAnswer>(response).version;
    const list = json<VersionList>(await call('temo.staff', 'GET', '/api/definition-versions'));
    expect(version).toMatchObject({
      id: 4,
      parentId: 3,
      source: 'rollback',
      rolledBackTo: 1,
      treeHash: list.versions.find((v) => v.id === 1)!.treeHash,
    });
    expect(list.published).toBe(4);
    const data = json<{ data: Record<string, { prices: Record<string, number> }> }>(await pergola()).data;
    expect(data['pergola-fixed-attached'].prices['12x14']).toBe(8830);
  });

  it('every action is in the audit log, with who did it', async () => {
    const entries = (await audit('?limit=1000')).reverse();
    const actions = entries.map((e) => `${e.actor} ${e.action}${e.path ? ` ${e.path}` : ''}`);
    expect(actions).toEqual([
      'deployment deployment',
      `temo.product draft.open`,
      `temo.product draft.put-file ${pricePath}`,
      'temo.staff publish.refused',
      `temo.product draft.put-file ${goldenPath}`,
      'temo.staff publish',
      'temo.product draft.open',
      'temo.staff draft.open',
      `temo.product draft.put-file ${rulesPath}`,
      'temo.staff publish',
      'temo.product draft.discard',
      'temo.staff rollback',
    ]);
    const refused = entries.find((e) => e.action === 'publish.refused')!;
    expect(refused.details.failingOrders).toEqual([expect.stringContaining(goldenPath)]);
    expect((await audit(`?draftId=${draftId}`)).length).toBe(5);
  });

  it('publishing a draft whose file another publish changed meanwhile is a 409 naming it; a deleted file is a change', async () => {
    const a = json<DraftAnswer>(await call('temo.product', 'POST', '/api/definition-drafts', { note: 'a' })).draft.id;
    const b = json<DraftAnswer>(await call('temo.product', 'POST', '/api/definition-drafts', { note: 'b' })).draft.id;
    const file = await draftFile(a, rulesPath);
    const described = (text: string) =>
      edit(file.content!, (rules) => {
        rules.description = text;
      });
    expect((await put(a, rulesPath, described('draft a'), file.hash)).statusCode).toBe(200);
    expect((await put(b, rulesPath, described('draft b'), file.hash)).statusCode).toBe(200);
    const extra = await call(
      'temo.product',
      'DELETE',
      `/api/definition-drafts/${b}/file?path=${encodeURIComponent(goldenPath)}&baseHash=${(await draftFile(b, goldenPath)).hash}`,
    );
    expect(extra.statusCode).toBe(200);
    expect(json<DraftAnswer>(extra).draft.changes.find((c) => c.path === goldenPath)).toMatchObject({ hash: null });
    expect((await call('temo.staff', 'POST', `/api/definition-drafts/${a}/publish`, {})).statusCode).toBe(200);
    const refused = await call('temo.staff', 'POST', `/api/definition-drafts/${b}/publish`, {});
    expect(refused.statusCode).toBe(409);
    expect(json<{ paths: string[] }>(refused).paths).toEqual([rulesPath]);
  });
});

describe('the deployed tree on start and on a live edit', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-versions-'));
    await cp(path.resolve('definitions/engineering'), path.join(dir, 'definitions', 'engineering'), {
      recursive: true,
    });
    await cp(path.resolve('tests/golden/engineering'), path.join(dir, 'tests', 'golden', 'engineering'), {
      recursive: true,
    });
    server = await startTestServer({ definitionsDir: path.join(dir, 'definitions') });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const dirs = () => ({ definitionsDir: path.join(dir, 'definitions'), goldenDir: path.join(dir, 'tests', 'golden') });
  const versions = async () =>
    (
      await server.app.inject({
        url: '/api/definition-versions',
        headers: { authorization: `Bearer ${await server.tokenFor('temo.staff')}` },
      })
    ).json() as VersionList;

  it('an unchanged tree at start is not a new version; a changed one is, by "deployment"', async () => {
    expect((await versions()).versions.map((v) => v.id)).toEqual([1]);
    const again = new DefinitionVersions(dirs());
    await again.checkDeployed();
    expect((await again.start(server.app.db)).imported).toBeUndefined();

    const rules = path.join(dir, 'definitions', 'engineering', 'rules.json');
    const original = await readFile(rules, 'utf8');
    await writeFile(rules, original.replace('"title": "', '"title": "Changed: '));
    const changed = new DefinitionVersions(dirs());
    await changed.checkDeployed();
    const started = await changed.start(server.app.db);
    expect(started.imported).toMatchObject({ id: 2, author: 'deployment', source: 'deployment', parentId: 1 });
    await writeFile(rules, original);
    // The original tree is stored already (version 1): at start it is not imported again.
    const back = new DefinitionVersions(dirs());
    await back.checkDeployed();
    expect((await back.start(server.app.db)).imported).toBeUndefined();
    expect((await versions()).versions.map((v) => v.id)).toEqual([2, 1]);
  });

  it('a developer edit of a file on disk becomes a new published version on the next request', async () => {
    const rules = path.join(dir, 'definitions', 'engineering', 'rules.json');
    const original = await readFile(rules, 'utf8');
    await writeFile(rules, original.replace('"title": "', '"title": "Live: '));
    const response = await server.app.inject({
      url: '/api/definitions/engineering',
      headers: { authorization: `Bearer ${await server.tokenFor('summit')}` },
    });
    expect((response.json() as { rules: { title: string } }).rules.title).toMatch(/^Live: /);
    const list = await versions();
    expect(list.versions[0]).toMatchObject({
      author: 'deployment',
      note: 'definitions changed on disk',
      isPublished: true,
    });
    expect(response.headers['x-definitions-version']).toBe(String(list.versions[0].id));
  });
});

describe.each(apiDialects())('npm run definitions ($dialect)', ({ dialect, skipReason }) => {
  if (skipReason) {
    it.skip(`PostgreSQL run skipped: ${skipReason}`, () => {});
    return;
  }
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
    dir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-export-'));
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });
  // One backend for the commands, as one long shell session would cost: each command of a real CLI run compiles afresh.
  let direct: DefinitionsBackend | undefined;
  const run = async (
    argv: string[],
    backend = (direct ??= databaseBackend(server.app.db, 'definitions', 'cli:test')),
  ) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runDefinitionsCommand(backend, argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('export, edit, import as a draft, publish, diff, list, rollback', { timeout: 120_000 }, async () => {
    expect((await run(['export', '1', dir])).code).toBe(0);
    const priceFile = path.join(dir, ...pricePath.split('/'));
    const goldenFile = path.join(dir, ...goldenPath.split('/'));
    const table = JSON.parse(await readFile(priceFile, 'utf8')) as { prices: Record<string, number> };
    table.prices['12x14'] = 8900;
    await writeFile(priceFile, `${JSON.stringify(table, null, 2)}\n`);
    const refused = await run(['import', dir, '--note', 'price rise']);
    expect(refused.code, refused.err).toBe(0);
    expect(refused.out).toMatch(/^draft (\d+) on version 1: 1 file\(s\) changed/);
    expect(refused.out).toContain(`FAIL ${goldenPath}`);
    const firstDraft = /^draft (\d+)/.exec(refused.out)![1];
    const notPublished = await run(['publish', firstDraft]);
    expect(notPublished.code).toBe(1);
    expect(notPublished.err).toContain(goldenPath);

    const order = JSON.parse(await readFile(goldenFile, 'utf8')) as { expect: { price: number } };
    order.expect.price = 8900;
    await writeFile(goldenFile, `${JSON.stringify(order, null, 2)}\n`);
    const imported = await run(['import', dir, '--note', 'price rise with its golden order']);
    expect(imported.out).toContain('ready to publish');
    const draft = /^draft (\d+)/.exec(imported.out)![1];
    const publish = await run(['publish', draft, '--note', 'from the CLI']);
    expect(publish.code, publish.err).toBe(0);
    expect(publish.out).toMatch(/^published version 2 /);

    const diff = await run(['diff', '1', '2']);
    expect(diff.out).toContain('price pergola-fixed-attached 12x14: 8830 → 8900');
    expect(diff.out).toContain(`golden order changed: ${goldenPath}`);
    // The server picks the CLI's publish up on the next request.
    const served = await server.app.inject({
      url: '/api/definitions/pergola',
      headers: { authorization: `Bearer ${await server.tokenFor('summit')}` },
    });
    expect(
      (served.json() as { data: Record<string, { prices: Record<string, number> }> }).data['pergola-fixed-attached']
        .prices['12x14'],
    ).toBe(8900);

    const list = await run(['list']);
    expect(list.out.split('\n')[1]).toMatch(/^\*\s+2\s+publish\s+cli:test/);
    expect((await run(['rollback', '1'])).out).toMatch(/^published version 3 /);
  });

  it('goes through a server API with a staff token', async () => {
    const backend = apiBackend(server.baseUrl, await server.tokenFor('temo.staff'));
    const list = await run(['list', '--json'], backend);
    expect((JSON.parse(list.out) as VersionList).published).toBe(3);
    expect((await run(['diff', '2', '3'], backend)).out).toContain('price pergola-fixed-attached 12x14: 8900 → 8830');
  });

  it('refuses, saying why, when a server holds the embedded database', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-locked-'));
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await writeFile(path.join(dataDir, 'pglite.pid'), String(holder.pid));
      const err: string[] = [];
      const code = await main(['list'], { out: () => {}, err: (t) => err.push(t) }, { DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(err.join('\n')).toMatch(
        new RegExp(
          `A server \\(process ${holder.pid}\\) holds the embedded database .*PGlite has no lock of its own.*--server`,
        ),
      );
    } finally {
      holder.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
