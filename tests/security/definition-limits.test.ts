import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { routeTestDialects } from '../support/api-dialects';
import { startTestServer, type TestServer } from '../support/test-server';

type Rule = Record<string, unknown>;

/** A copy of definitions/engineering in a temp DEFINITIONS_DIR. */
async function copyDefinitions(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dealer-portal-definitions-'));
  await cp(path.resolve('definitions/engineering'), path.join(dir, 'engineering'), { recursive: true });
  return dir;
}

/** The breaking edits: what each does to rules.json and what the refusal must name. */
const breakingEdits: [string, (rules: Record<string, unknown>) => string, RegExp][] = [
  [
    'an expression 5,000 levels deep',
    (rules) =>
      JSON.stringify({ ...rules, rules: [] }).replace(
        '"rules":[]',
        `"rules":[{"kind":"show","id":"deep","path":"personalInfo.email","when":${'{"!":['.repeat(5000)}true${']}'.repeat(5000)}}]`,
      ),
    /engineering\/rules\.json \/rules\/0\/when\/!\/0\/!\/0\/!\/…: too deep to compile: nested deeper than 100 levels/,
  ],
  [
    'an unknown operator',
    (rules) =>
      JSON.stringify({
        ...rules,
        rules: [
          ...(rules.rules as Rule[]),
          { kind: 'show', id: 'odd:show', path: 'personalInfo.email', when: { frobnicate: [1] } },
        ],
      }),
    /engineering\/rules\.json \/rules\/\d+\/when: unknown operator "frobnicate" in rule "odd:show"/,
  ],
  [
    'a duplicate rule id',
    (rules) =>
      JSON.stringify({
        ...rules,
        rules: [
          ...(rules.rules as Rule[]),
          { ...(rules.rules as Rule[]).find((rule) => rule.id === 'validate:email')! },
        ],
      }),
    /engineering\/rules\.json \/rules\/\d+\/id: duplicate rule id "validate:email": at \S+engineering\/rules\.json \/rules\/\d+ and at \S+engineering\/rules\.json \/rules\/\d+/,
  ],
  [
    'an include leaving the definitions folder',
    (rules) => JSON.stringify({ ...rules, include: ['../../../etc'] }),
    /engineering\/rules\.json \/include\/0: include "\.\.\/\.\.\/\.\.\/etc" resolves to \/etc, outside the definitions folder /,
  ],
];

describe('a definition too deep, with an unknown operator, a duplicate id or an escaping include: refused at start', () => {
  let dir: string;
  let original: string;
  beforeAll(async () => {
    dir = await copyDefinitions();
    original = await readFile(path.join(dir, 'engineering', 'rules.json'), 'utf8');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it.each(breakingEdits)('refuses to start on %s, naming file, place and reason', async (_label, edit, reason) => {
    await writeFile(path.join(dir, 'engineering', 'rules.json'), edit(JSON.parse(original) as Record<string, unknown>));
    try {
      const error = await buildApp(
        { ...loadConfig({}), definitionsDir: dir, dataDir: path.join(dir, 'data') },
        { logger: false },
      ).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.name).toBe('BrokenDefinitionsError');
      expect(error?.message).toMatch(/^Refusing to start: \d+ problem\(s\) in the form definitions/);
      expect(error?.message).toMatch(reason);
    } finally {
      await writeFile(path.join(dir, 'engineering', 'rules.json'), original);
    }
  });
});

describe.each(routeTestDialects())(
  'a broken live edit leaves the last good definition served ($dialect)',
  ({ dialect }) => {
    let dir: string;
    let original: string;
    let server: TestServer;
    beforeAll(async () => {
      dir = await copyDefinitions();
      original = await readFile(path.join(dir, 'engineering', 'rules.json'), 'utf8');
      server = await startTestServer({ definitionsDir: dir }, { dialect });
    });
    afterAll(async () => {
      await server?.close();
      await rm(dir, { recursive: true, force: true });
    });

    const auth = async () => ({ authorization: `Bearer ${await server.tokenFor('summit')}` });
    const served = async () => server.app.inject({ url: '/api/definitions/engineering', headers: await auth() });
    const submitBadEmail = async () =>
      server.app.inject({
        method: 'POST',
        url: '/api/OrderingEngineering/SubmitData',
        headers: await auth(),
        payload: { personalInfo: { email: 'not-an-email' } },
      });

    it.each(breakingEdits)('keeps serving and checking with the last good one after %s', async (_label, edit) => {
      const good = JSON.parse(original) as Record<string, unknown>;
      await writeFile(path.join(dir, 'engineering', 'rules.json'), JSON.stringify({ ...good, title: 'Last good' }));
      expect(((await served()).json() as { rules: { title: string } }).rules.title).toBe('Last good');

      await writeFile(path.join(dir, 'engineering', 'rules.json'), edit({ ...good, title: 'Broken' }));
      const response = await served();
      expect(response.statusCode).toBe(200);
      expect((response.json() as { rules: { title: string } }).rules.title).toBe('Last good');
      const submit = await submitBadEmail();
      expect(submit.statusCode).toBe(422);
      expect((submit.json() as { errors: Record<string, string> }).errors['personalInfo.email']).toBeTruthy();
    });
  },
);
