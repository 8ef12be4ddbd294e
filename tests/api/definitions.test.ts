import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/contracts/index';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

/** A copy of definitions/engineering in a temp folder, for edits a test may make. */
async function copyDefinitions(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-definitions-'));
  await cp(path.resolve('definitions/engineering'), path.join(dir, 'engineering'), { recursive: true });
  return dir;
}

async function editJson(file: string, edit: (json: Record<string, unknown>) => void): Promise<void> {
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  await writeFile(file, JSON.stringify(json, null, 2));
}

type Rule = Record<string, unknown>;

describe.each(routeTestDialects())('GET /api/definitions/:form ($dialect)', ({ dialect }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { dialect });
  });
  afterAll(async () => server?.close());

  const get = async (url: string, username: string | null = 'summit') =>
    server.app.inject({ url, headers: username ? { authorization: `Bearer ${await server.tokenFor(username)}` } : {} });

  it('serves the engineering bundle exactly as definitions/engineering holds it', async () => {
    const response = await get('/api/definitions/engineering');
    expect(response.statusCode).toBe(200);
    const bundle = response.json() as Record<string, unknown>;
    expect(Object.keys(bundle).sort()).toEqual(['data', 'form', 'rules', 'schema', 'ui']);
    expect(bundle.form).toBe('engineering');
    expect(bundle.schema).toEqual(JSON.parse(await readFile('definitions/engineering/schema.json', 'utf8')));
    expect(bundle.rules).toEqual(JSON.parse(await readFile('definitions/engineering/rules.json', 'utf8')));
    expect(bundle.ui).toEqual(JSON.parse(await readFile('definitions/engineering/ui.json', 'utf8')));
  });

  it('answers 404 with a message for an unknown form, and for demo-data (not a form)', async () => {
    for (const form of ['sunroom-xyz', 'demo-data']) {
      const response = await get(`/api/definitions/${form}`);
      expect(response.statusCode).toBe(404);
      expect((response.json() as Refusal).message).toContain(form);
    }
  });

  it('answers 400 for a form id that cannot be a folder name', async () => {
    expect((await get('/api/definitions/..%2Fdemo-data')).statusCode).toBe(400);
    expect((await get('/api/definitions/ENGINEERING')).statusCode).toBe(400);
  });

  it('needs a bearer token (401)', async () => {
    expect((await get('/api/definitions/engineering', null)).statusCode).toBe(401);
  });
});

describe('definitions at start-up', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyDefinitions();
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const startWith = (definitionsDir: string) =>
    buildApp({ ...loadConfig({}), definitionsDir, dataDir: path.join(dir, 'data') }, { logger: false });

  it('refuses to start on a rule naming a field the schema does not have, with file, path and reason', async () => {
    const rules = path.join(dir, 'engineering', 'rules.json');
    const original = await readFile(rules, 'utf8');
    await editJson(rules, (json) => {
      (json.rules as Rule[])[0].set = { noSuchField: 1 };
    });
    try {
      const error = await startWith(dir).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/Refusing to start/);
      expect(error?.message).toContain(path.join('engineering', 'rules.json'));
      expect(error?.message).toContain('/rules/0/set/noSuchField');
      expect(error?.message).toMatch(/unknown path "noSuchField"/);
    } finally {
      await writeFile(rules, original);
    }
  });

  it('refuses to start on a schema.json that is not JSON', async () => {
    const schema = path.join(dir, 'engineering', 'schema.json');
    const original = await readFile(schema, 'utf8');
    await writeFile(schema, original.slice(0, 200));
    try {
      const error = await startWith(dir).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).toContain(path.join('engineering', 'schema.json'));
      expect(error?.message).toMatch(/not JSON/);
    } finally {
      await writeFile(schema, original);
    }
  });
});

describe('a staff edit takes effect without a rebuild or restart', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = await copyDefinitions();
    server = await startTestServer({ definitionsDir: dir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const rulesFile = () => path.join(dir, 'engineering', 'rules.json');
  const auth = async () => ({ authorization: `Bearer ${await server.tokenFor('summit')}` });
  const fetchRules = async () =>
    (await server.app.inject({ url: '/api/definitions/engineering', headers: await auth() })).json() as {
      rules: { title: string; rules: Rule[] };
    };
  const emailRule = (json: Record<string, unknown>) =>
    (json.rules as Rule[]).find((rule) => rule.id === 'validate:email')!;

  it('serves the edited rules and checks submissions with them', async () => {
    await editJson(rulesFile(), (json) => {
      json.title = 'Engineering request (edited)';
      emailRule(json).message = 'Please enter a valid email address';
    });
    expect((await fetchRules()).rules.title).toBe('Engineering request (edited)');

    const response = await server.app.inject({
      method: 'POST',
      url: '/api/OrderingEngineering/SubmitData',
      headers: await auth(),
      payload: { personalInfo: { email: 'not-an-email' } },
    });
    expect(response.statusCode).toBe(422);
    expect((response.json() as { errors: Record<string, string> }).errors['personalInfo.email']).toBe(
      'Please enter a valid email address',
    );
  });

  it('keeps serving the last good definition when an edit breaks it', async () => {
    await editJson(rulesFile(), (json) => {
      json.title = 'Broken edit';
      (json.rules as Rule[])[0].kind = 'bogus';
    });
    const served = await fetchRules();
    expect(served.rules.title).toBe('Engineering request (edited)');

    await editJson(rulesFile(), (json) => {
      json.title = 'Fixed edit';
      (json.rules as Rule[])[0].kind = 'onChange';
    });
    expect((await fetchRules()).rules.title).toBe('Fixed edit');
  });
});

describe('an edit of an included shared folder takes effect too', () => {
  let dir: string;
  let server: TestServer;
  const write = async (folder: string, files: Record<string, unknown>) => {
    await mkdir(path.join(dir, folder), { recursive: true });
    for (const [name, json] of Object.entries(files))
      await writeFile(path.join(dir, folder, name), JSON.stringify(json, null, 2));
  };
  beforeAll(async () => {
    dir = await copyDefinitions();
    await write('shared/note', {
      'schema.json': { properties: { note: { type: 'string', title: 'Note' } } },
      'ui.json': {},
      'rules.json': { form: 'note', rules: [{ kind: 'required', id: 'note:required', path: 'note', label: 'Note' }] },
    });
    await write('memo', {
      'schema.json': { type: 'object', properties: {} },
      'ui.json': {},
      'rules.json': { form: 'memo', include: ['../shared/note'], rules: [] },
    });
    server = await startTestServer({ definitionsDir: dir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the merged form, and the shared folder is not a form of its own', async () => {
    const headers = { authorization: `Bearer ${await server.tokenFor('summit')}` };
    const memo = async () =>
      (await server.app.inject({ url: '/api/definitions/memo', headers })).json() as {
        schema: { properties: Record<string, { title: string }> };
      };
    expect((await memo()).schema.properties.note.title).toBe('Note');
    expect((await server.app.inject({ url: '/api/definitions/shared', headers })).statusCode).toBe(404);

    await editJson(path.join(dir, 'shared/note/schema.json'), (json) => {
      (json.properties as Record<string, { title: string }>).note.title = 'Memo note';
    });
    expect((await memo()).schema.properties.note.title).toBe('Memo note');
  });
});
