import { describe, expect, it } from 'vitest';
import { createSession } from '../engine/index';
import { createMemoryFiles } from './definition-files';
import { definitionLimits } from './definition-limits';
import { listForms, loadAllDefinitionsFromFiles, loadDefinitionFromFiles } from './load-definition';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A tree as a draft holds it: a form `room` including a parameterised shared piece, and a golden order beside. */
function roomTree(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const files: Record<string, string | undefined> = {
    'definitions/shared/wall/schema.json': json({
      properties: { 'length{{suffix}}': { type: 'integer', title: '{{label}}Length' } },
    }),
    'definitions/shared/wall/rules.json': json({
      form: 'wall',
      params: { label: '' },
      rules: [{ kind: 'required', id: 'wall{{suffix}}:length', path: 'length{{suffix}}' }],
    }),
    'definitions/room/schema.json': json({
      type: 'object',
      properties: { kind: { type: 'string', enum: ['A', 'B'] } },
    }),
    'definitions/room/ui.json': json({ 'ui:order': ['kind', '*'] }),
    'definitions/room/rules.json': json({
      form: 'room',
      include: [{ path: '../shared/wall', params: { suffix: 'L', label: 'Left ' } }],
      rules: [
        { kind: 'required', id: 'room:kind', path: 'kind' },
        { kind: 'hide', id: 'hide:lengthL', path: 'lengthL', when: { '==': [{ var: 'kind' }, 'B'] } },
      ],
    }),
    'definitions/room/colours.json': json({ list: ['White'] }),
    'tests/golden/room/001-a.json': json({
      form: 'room',
      steps: [{ set: { kind: 'A' } }],
      expect: { missing: ['lengthL'] },
    }),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

describe('loadDefinitionFromFiles: a form read from files in memory', () => {
  it('merges the includes with their params, names every file by its tree path and runs the rules', () => {
    const loaded = loadDefinitionFromFiles(createMemoryFiles(roomTree()), 'room');
    expect(loaded.problems).toEqual([]);
    expect(loaded.bundle!.files).toEqual({
      'include:0:schema': 'definitions/shared/wall/schema.json',
      'include:0:rules': 'definitions/shared/wall/rules.json',
      schema: 'definitions/room/schema.json',
      ui: 'definitions/room/ui.json',
      rules: 'definitions/room/rules.json',
      colours: 'definitions/room/colours.json',
    });
    expect(loaded.bundle!.data).toEqual({ colours: { list: ['White'] } });
    expect(loaded.sources!.rules).toEqual([
      { file: 'definitions/shared/wall/rules.json', index: 0, params: 'suffix=L, label=Left ' },
      { file: 'definitions/room/rules.json', index: 0, params: undefined },
      { file: 'definitions/room/rules.json', index: 1, params: undefined },
    ]);
    const session = createSession(loaded.compiled!);
    session.set('kind', 'A');
    expect(session.state.missing).toEqual([{ path: 'lengthL', label: 'Left Length' }]);
    session.set('kind', 'B');
    expect(session.state.hidden).toEqual(['lengthL']);
  });

  it('compiles without the static checks when asked (a warning of the checks is then not there, the form is)', () => {
    const rules = JSON.parse(roomTree()['definitions/room/rules.json']) as Record<string, unknown>;
    const tree = roomTree({
      'definitions/room/rules.json': json({ ...rules, conditions: { neverUsed: { '==': [1, 1] } } }),
    });
    const checked = loadDefinitionFromFiles(createMemoryFiles(tree), 'room');
    expect(checked.problems.map((problem) => problem.reason)).toEqual(['condition "neverUsed" is never used']);
    const compiledOnly = loadDefinitionFromFiles(createMemoryFiles(tree), 'room', 'definitions', {
      staticChecks: false,
    });
    expect(compiledOnly.problems).toEqual([]);
    expect(compiledOnly.compiled?.ruleIds).toEqual(checked.compiled?.ruleIds);
  });

  it('takes a Map as well as a record', () => {
    const loaded = loadDefinitionFromFiles(createMemoryFiles(new Map(Object.entries(roomTree()))), 'room');
    expect(loaded.compiled?.ruleIds).toEqual(['wallL:length', 'room:kind', 'hide:lengthL']);
  });

  it('names the included file, the index inside it and its params when an included rule is broken', () => {
    const tree = roomTree({
      'definitions/shared/wall/rules.json': json({
        form: 'wall',
        rules: [{ kind: 'required', path: 'nowhere{{suffix}}' }],
      }),
    });
    const problems = loadDefinitionFromFiles(createMemoryFiles(tree), 'room').problems;
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'definitions/shared/wall/rules.json',
        path: '/rules/0/path',
        check: 'unknown-path',
        reason: expect.stringContaining('(included with suffix=L, label=Left )'),
      }),
    ]);
  });

  it.each([
    ['../../tests/golden/room', 'tests/golden/room'],
    ['/etc', '/etc'],
    ['../..', '.'],
  ])(
    'refuses an include leaving definitions/ (%s): the golden orders and the rest of the tree are not definitions',
    (target, resolved) => {
      const tree = roomTree({ 'definitions/room/rules.json': json({ form: 'room', include: [target], rules: [] }) });
      expect(loadDefinitionFromFiles(createMemoryFiles(tree), 'room').problems).toEqual([
        {
          file: 'definitions/room/rules.json',
          path: '/include/0',
          reason: `include "${target}" resolves to ${resolved}, outside the definitions folder definitions`,
          check: 'schema',
          severity: 'error',
        },
      ]);
    },
  );

  it('reports a missing include, a file that is not JSON, a missing schema.json and an include cycle by tree path', () => {
    const load = (overrides: Record<string, string | undefined>) =>
      loadDefinitionFromFiles(createMemoryFiles(roomTree(overrides)), 'room').problems.map(
        (p) => `${p.file} ${p.path}: ${p.reason}`,
      );
    expect(
      load({ 'definitions/room/rules.json': json({ form: 'room', include: ['../shared/absent'], rules: [] }) }),
    ).toEqual(['definitions/shared/absent /: included folder does not exist']);
    expect(load({ 'definitions/room/ui.json': '{ "ui:order": [' })).toEqual([
      expect.stringMatching(/^definitions\/room\/ui\.json \/: not JSON: /),
    ]);
    expect(load({ 'definitions/room/schema.json': undefined })).toEqual([
      'definitions/room/schema.json /: missing schema.json',
    ]);
    expect(
      load({ 'definitions/shared/wall/rules.json': json({ form: 'wall', include: ['../../room'], rules: [] }) }),
    ).toEqual([
      'definitions/room/rules.json /include: include cycle: definitions/room -> definitions/shared/wall -> definitions/room',
    ]);
  });

  it('measures a file in bytes as the disk does: a text under the limit in characters but over it in UTF-8 is refused', () => {
    const description = 'é'.repeat(Math.ceil(definitionLimits.maxFileBytes / 2) + 10);
    const tree = roomTree({ 'definitions/room/ui.json': json({ 'ui:description': description }) });
    expect(loadDefinitionFromFiles(createMemoryFiles(tree), 'room').problems).toEqual([
      expect.objectContaining({
        file: 'definitions/room/ui.json',
        reason: expect.stringMatching(/^too large to compile: \d+ bytes \(at most 2097152\)$/),
      }),
    ]);
  });

  it('lists as forms the folders under definitions/ holding a rules.json, and loads them all', () => {
    const files = createMemoryFiles(roomTree());
    expect(listForms(files)).toEqual(['room']);
    const { definitions, problems } = loadAllDefinitionsFromFiles(files);
    expect(problems).toEqual([]);
    expect([...definitions.keys()]).toEqual(['room']);
  });

  it('gives results a Web Worker can post: the sources survive structuredClone', () => {
    const { sources } = loadDefinitionFromFiles(createMemoryFiles(roomTree()), 'room');
    expect(structuredClone(sources)).toEqual(sources);
  });
});
