import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { definitionLimits } from './definition-limits';
import { formatProblems, readDefinitionFolder } from './index';

/** A definitions folder with one form `room` (field `a`), rules as given; returns the form folder. */
function writeForm(rules: unknown, root = mkdtempSync(path.join(tmpdir(), 'definition-checks-'))): string {
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const dir = path.join(root, 'room');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'schema.json'), JSON.stringify({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } }));
  writeFileSync(path.join(dir, 'ui.json'), '{}');
  writeFileSync(path.join(dir, 'rules.json'), typeof rules === 'string' ? rules : JSON.stringify(rules));
  return dir;
}

const nestedNot = (levels: number) => `${'{"!":['.repeat(levels)}{"var":"a"}${']}'.repeat(levels)}`;

describe('definition checks at load (start-up, live edit, check:definitions)', () => {
  it('names the unknown operator, its file and the rule id', () => {
    const dir = writeForm({ form: 'room', rules: [{ kind: 'show', id: 'show:b', path: 'b', when: { '==': [{ frobnicate: [1] }, 2] } }] });
    const loaded = readDefinitionFolder(dir);
    expect(loaded.compiled).toBeUndefined();
    expect(loaded.problems).toEqual([
      expect.objectContaining({ file: expect.stringMatching(/room\/rules\.json$/), path: '/rules/0/when', reason: 'unknown operator "frobnicate" in rule "show:b" (not a JSON-Logic operator nor one of the engine\'s own)' }),
    ]);
  });

  it('refuses duplicate rule ids, naming the id and both places, also across an included folder', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'definition-checks-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(path.join(root, 'shared', 'piece'), { recursive: true });
    writeFileSync(path.join(root, 'shared', 'piece', 'rules.json'), JSON.stringify({ form: 'piece', rules: [{ kind: 'required', id: 'need:a', path: 'a' }] }));
    const dir = writeForm({ form: 'room', include: ['../shared/piece'], rules: [{ kind: 'required', id: 'need:b', path: 'b' }, { kind: 'required', id: 'need:a', path: 'a' }] }, root);
    const loaded = readDefinitionFolder(dir);
    expect(loaded.compiled).toBeUndefined();
    expect(loaded.problems).toHaveLength(1);
    expect(loaded.problems[0]).toMatchObject({ path: '/rules/1/id', file: expect.stringMatching(/room\/rules\.json$/) });
    expect(loaded.problems[0].reason).toMatch(/^duplicate rule id "need:a": at \S*shared\/piece\/rules\.json \/rules\/0 and at \S*room\/rules\.json \/rules\/1$/);
  });

  it.each([
    ['../../elsewhere', /include "\.\.\/\.\.\/elsewhere" resolves to \S+elsewhere, outside the definitions folder /],
    ['/etc', /include "\/etc" resolves to \/etc, outside the definitions folder /],
  ])('refuses an include leaving the definitions folder (%s), naming it', (target, reason) => {
    const dir = writeForm({ form: 'room', include: [target], rules: [] });
    mkdirSync(path.join(dir, '..', '..', 'elsewhere'), { recursive: true });
    const loaded = readDefinitionFolder(dir);
    expect(loaded.compiled).toBeUndefined();
    expect(loaded.problems).toEqual([expect.objectContaining({ path: '/include/0', reason: expect.stringMatching(reason) })]);
  });

  it('refuses an include through a symlink that points outside the definitions folder', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
    onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
    writeFileSync(path.join(outside, 'rules.json'), JSON.stringify({ form: 'x', rules: [] }));
    const dir = writeForm({ form: 'room', include: ['../linked'], rules: [] });
    symlinkSync(outside, path.join(dir, '..', 'linked'));
    expect(formatProblems(readDefinitionFolder(dir).problems)).toMatch(/include "\.\.\/linked" resolves to .*linked, outside the definitions folder/);
  });

  it.each([200, 5000, 50_000])('refuses an expression nested %i levels deep without throwing', (levels) => {
    const dir = writeForm(`{"form":"room","rules":[{"kind":"show","id":"deep","path":"b","when":${nestedNot(levels)}}]}`);
    const loaded = readDefinitionFolder(dir);
    expect(loaded.compiled).toBeUndefined();
    expect(loaded.problems).toEqual([expect.objectContaining({ path: '/rules/0/when/!/0/!/0/!/…', reason: `too deep to compile: nested deeper than ${definitionLimits.maxDepth} levels` })]);
  });

  it('compiles an expression 80 levels deep', () => {
    const dir = writeForm(`{"form":"room","rules":[{"kind":"show","id":"deep","path":"b","when":${nestedNot(40)}}]}`);
    expect(readDefinitionFolder(dir).problems).toEqual([]);
  });

  it('refuses a definition too large to compile: a file over the byte limit, more rules than the limit', () => {
    const big = writeForm({ form: 'room', rules: [], description: 'x'.repeat(definitionLimits.maxFileBytes) });
    expect(readDefinitionFolder(big).problems).toEqual([expect.objectContaining({ path: '/', reason: expect.stringMatching(/^too large to compile: \d+ bytes \(at most 2097152\)$/) })]);
    const many = writeForm({ form: 'room', rules: Array.from({ length: definitionLimits.maxRules + 1 }, (_, i) => ({ kind: 'required', id: `r${i}`, path: 'a' })) });
    expect(readDefinitionFolder(many).problems).toEqual([expect.objectContaining({ path: '/rules', reason: 'too large to compile: 5001 rules with its includes (at most 5000)' })]);
  });
});
