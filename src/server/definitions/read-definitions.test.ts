import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadAllDefinitions, readDefinitionFolder } from './read-definitions';

function copyOfDefinitions(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'definitions-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  cpSync('definitions/engineering', path.join(dir, 'engineering'), { recursive: true });
  return dir;
}

describe('loadAllDefinitions', () => {
  // Compiles every form (~1 s idle): the default 5 s ran out on a loaded 2-core machine.
  it('loads the repository definitions without a problem', { timeout: 30_000 }, () => {
    const { definitions, problems } = loadAllDefinitions('definitions');
    expect(problems).toEqual([]);
    expect(definitions.get('engineering')?.compiled.form).toBe('engineering');
  });

  it('skips folders without rules.json (demo data)', () => {
    const dir = copyOfDefinitions();
    mkdirSync(path.join(dir, 'demo-data'));
    expect([...loadAllDefinitions(dir).definitions.keys()]).toEqual(['engineering']);
  });

  it('reports a file that is not JSON with its path, and leaves the form out', () => {
    const dir = copyOfDefinitions();
    writeFileSync(path.join(dir, 'engineering', 'ui.json'), '{ "ui:order": [');
    const { definitions, problems } = loadAllDefinitions(dir);
    expect(definitions.has('engineering')).toBe(false);
    expect(problems).toEqual([expect.objectContaining({ file: expect.stringMatching(/engineering\/ui\.json$/), path: '/', reason: expect.stringMatching(/^not JSON/) })]);
  });

  it('reports a rule breaking the meta-schema with file, JSON path and reason', () => {
    const dir = copyOfDefinitions();
    const file = path.join(dir, 'engineering', 'rules.json');
    const rules = JSON.parse(readFileSync(file, 'utf8'));
    rules.rules[3].kind = 'onchange';
    writeFileSync(file, JSON.stringify(rules));
    const loaded = readDefinitionFolder(path.join(dir, 'engineering'));
    expect(loaded.compiled).toBeUndefined();
    expect(loaded.problems[0]).toMatchObject({ file: expect.stringMatching(/engineering\/rules\.json$/), path: '/rules/3/kind', check: 'schema' });
  });

  it('reports a missing schema.json', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'definitions-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(path.join(dir, 'gazebo'));
    writeFileSync(path.join(dir, 'gazebo', 'rules.json'), '{"form":"gazebo","rules":[]}');
    expect(loadAllDefinitions(dir).problems.map((p) => p.reason)).toEqual(['missing schema.json', 'missing ui.json']);
  });
});
