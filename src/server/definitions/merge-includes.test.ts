import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createSession } from '../../engine/index';
import { fillParams } from './merge-includes';
import { loadAllDefinitions, readDefinitionFolder } from './read-definitions';

function writeFolder(root: string, name: string, files: Record<string, unknown>): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dir, file), JSON.stringify(content, null, 2));
  return dir;
}

/** A form `room` including a shared contact piece and a parameterised wall piece twice. */
function makeDefinitions(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'includes-'));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  writeFolder(root, 'shared/contact', {
    'schema.json': { properties: { email: { type: 'string', title: 'Email' } } },
    'ui.json': { email: { 'ui:help': 'Comma-separated' } },
    'rules.json': {
      form: 'contact',
      constants: { greeting: 'hello', limit: 1 },
      rules: [{ kind: 'required', id: 'contact:email', path: 'email', label: 'Email' }],
    },
    'colours.json': { list: ['White'] },
  });
  writeFolder(root, 'shared/wall', {
    'schema.json': { properties: { 'length{{suffix}}': { type: 'array', title: '{{label}}Length', items: { type: 'integer' } } } },
    'rules.json': {
      form: 'wall',
      params: { label: '' },
      rules: [
        { kind: 'required', id: 'wall{{suffix}}:length', forEach: 'length{{suffix}}', path: 'length{{suffix}}.{i}', label: '{{label}}Length {n}', when: '{{isAsked}}' },
      ],
    },
  });
  writeFolder(root, 'room', {
    'schema.json': { type: 'object', properties: { kind: { type: 'string', enum: ['A', 'B'] } } },
    'ui.json': { 'ui:order': ['kind', 'email'] },
    'rules.json': {
      form: 'room',
      include: [
        '../shared/contact',
        { path: '../shared/wall', params: { suffix: 'L', label: 'Left ', isAsked: { '==': [{ var: 'kind' }, 'A'] } } },
        { path: '../shared/wall', params: { suffix: 'R', isAsked: true } },
      ],
      constants: { limit: 2 },
      rules: [{ kind: 'required', id: 'room:kind', path: 'kind' }],
    },
    'colours.json': { list: ['Bronze'] },
  });
  return root;
}

describe('definition includes', () => {
  it('merges included folders into one flat bundle: schema, ui, rules in order, constants and data overridden by later files', () => {
    const root = makeDefinitions();
    const loaded = readDefinitionFolder(path.join(root, 'room'));
    expect(loaded.problems).toEqual([]);
    const bundle = loaded.bundle!;
    expect(Object.keys(bundle.schema.properties as object)).toEqual(['email', 'lengthL', 'lengthR', 'kind']);
    expect((bundle.schema.properties as Record<string, { title?: string }>).lengthL.title).toBe('Left Length');
    expect(bundle.rules.rules.map((r) => r.id)).toEqual(['contact:email', 'wallL:length', 'wallR:length', 'room:kind']);
    expect(bundle.rules.constants).toEqual({ greeting: 'hello', limit: 2 });
    expect(bundle.rules.form).toBe('room');
    expect('include' in bundle.rules).toBe(false);
    expect(bundle.data?.colours).toEqual({ list: ['Bronze'] });
    expect(bundle.ui).toEqual({ email: { 'ui:help': 'Comma-separated' }, 'ui:order': ['kind', 'email'] });
    expect(Object.values(bundle.files ?? {}).some((file) => file.endsWith('shared/wall/rules.json'))).toBe(true);
  });

  it('merges parties key by key: a piece declares them once, the including form adds or overrides a role', () => {
    const root = makeDefinitions();
    writeFolder(root, 'shared/owner', {
      'schema.json': { properties: { owner: { type: 'object', properties: { surname: { type: 'string' }, from: { type: 'string' } } } } },
      'rules.json': { form: 'owner', parties: { customer: { familyName: 'owner.surname' }, sentBy: 'owner.from' }, rules: [] },
    });
    writeFolder(root, 'job', {
      'schema.json': { type: 'object', properties: { job: { type: 'string' } } },
      'ui.json': {},
      'rules.json': { form: 'job', include: ['../shared/owner'], parties: { sentBy: 'job', jobName: { path: 'job', upperCase: true } }, rules: [] },
    });
    const loaded = readDefinitionFolder(path.join(root, 'job'));
    expect(loaded.problems).toEqual([]);
    expect(loaded.bundle!.rules.parties).toEqual({ customer: { familyName: 'owner.surname' }, sentBy: 'job', jobName: { path: 'job', upperCase: true } });
  });

  it('runs the merged rules, with a whole-string param standing for an expression', () => {
    const root = makeDefinitions();
    const { compiled } = readDefinitionFolder(path.join(root, 'room'));
    const session = createSession(compiled!, { start: { lengthL: [null], lengthR: [null] } });
    expect(session.state.missing.map((m) => m.label)).toEqual(['Email', 'Length 1', 'Kind']);
    session.set('kind', 'A');
    expect(session.state.missing.map((m) => m.label)).toEqual(['Email', 'Left Length 1', 'Length 1']);
  });

  it('names the included file and the rule index inside it when an included rule is broken', () => {
    const root = makeDefinitions();
    writeFolder(root, 'shared/wall', {
      'rules.json': { form: 'wall', params: { label: '' }, rules: [{ kind: 'required', path: 'nowhere{{suffix}}' }] },
    });
    const loaded = readDefinitionFolder(path.join(root, 'room'));
    const unknown = loaded.problems.filter((p) => p.check === 'unknown-path');
    expect(unknown).toHaveLength(2);
    expect(unknown[0]).toMatchObject({ file: expect.stringMatching(/shared\/wall\/rules\.json$/), path: '/rules/0/path', reason: expect.stringContaining('included with suffix=L') });
  });

  it('reports an unknown parameter, a missing folder and an include cycle', () => {
    const root = makeDefinitions();
    writeFolder(root, 'shared/wall', { 'rules.json': { form: 'wall', rules: [{ kind: 'required', path: '{{nope}}' }] } });
    expect(readDefinitionFolder(path.join(root, 'room')).problems[0].reason).toMatch(/unknown parameter \{\{nope\}\}/);
    writeFolder(root, 'room', { 'rules.json': { form: 'room', include: ['../shared/absent'], rules: [] } });
    expect(readDefinitionFolder(path.join(root, 'room')).problems[0]).toMatchObject({ reason: 'included folder does not exist' });
    writeFolder(root, 'shared/contact', { 'rules.json': { form: 'contact', include: ['../../room'], rules: [] } });
    writeFolder(root, 'room', { 'rules.json': { form: 'room', include: ['../shared/contact'], rules: [] } });
    expect(readDefinitionFolder(path.join(root, 'room')).problems[0]).toMatchObject({ check: 'cycle', reason: expect.stringMatching(/^include cycle/) });
  });

  it('merges named conditions of the pieces; the form and a piece use each other\'s, the same body twice is fine', () => {
    const root = makeDefinitions();
    const isA = { '==': [{ var: 'kind' }, 'A'] };
    writeFolder(root, 'shared/contact', {
      'schema.json': { properties: { email: { type: 'string', title: 'Email' } } },
      'rules.json': { form: 'contact', conditions: { isA }, rules: [{ kind: 'required', id: 'contact:email', path: 'email', when: { cond: 'isNotA' } }] },
    });
    writeFolder(root, 'room', {
      'schema.json': { type: 'object', properties: { kind: { type: 'string', enum: ['A', 'B'] } } },
      'ui.json': {},
      'rules.json': { form: 'room', include: ['../shared/contact'], conditions: { isA, isNotA: { '!': { cond: 'isA' } } }, rules: [] },
    });
    const loaded = readDefinitionFolder(path.join(root, 'room'));
    expect(loaded.problems).toEqual([]);
    expect(Object.keys(loaded.bundle!.rules.conditions!)).toEqual(['isA', 'isNotA']);
    const session = createSession(loaded.compiled!);
    expect(session.state.missing.map((m) => m.path)).toEqual(['email']);
    session.set('kind', 'A');
    expect(session.state.missing).toEqual([]);
  });

  it('refuses a condition defined twice with different bodies, naming both files', () => {
    const root = makeDefinitions();
    writeFolder(root, 'shared/contact', {
      'schema.json': { properties: { email: { type: 'string' } } },
      'rules.json': { form: 'contact', conditions: { isA: { '==': [{ var: 'kind' }, 'A'] } }, rules: [{ kind: 'hide', path: 'email', when: { cond: 'isA' } }] },
    });
    writeFolder(root, 'room', {
      'schema.json': { type: 'object', properties: { kind: { type: 'string', enum: ['A', 'B'] } } },
      'ui.json': {},
      'rules.json': { form: 'room', include: ['../shared/contact'], conditions: { isA: { '==': [{ var: 'kind' }, 'B'] } }, rules: [] },
    });
    const problems = readDefinitionFolder(path.join(root, 'room')).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ check: 'condition', severity: 'error', path: '/conditions/isA' });
    expect(problems[0].reason).toMatch(/^condition "isA" is defined differently in \S*shared\/contact\/rules\.json and \S*room\/rules\.json$/);
  });

  it('does not list the shared folder as a form', () => {
    const root = makeDefinitions();
    expect([...loadAllDefinitions(root).definitions.keys()]).toEqual(['room']);
  });

  it('fills placeholders in keys and strings, keeping JSON values for whole-string placeholders', () => {
    const unknown = new Set<string>();
    expect(fillParams({ 'a{{s}}': ['{{s}}x', '{{v}}'] }, { s: 'L', v: { var: 'q' } }, unknown)).toEqual({ aL: ['Lx', { var: 'q' }] });
    expect(unknown.size).toBe(0);
  });
});
