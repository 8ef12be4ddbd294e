import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWorkbenchHandler, type WorkbenchRequest } from './workbench-worker';

/** The engineering form and its golden orders, as the page would send them. */
function engineeringFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const add = (dir: string) => {
    for (const name of readdirSync(dir).sort())
      if (name.endsWith('.json')) files[`${dir}/${name}`] = readFileSync(`${dir}/${name}`, 'utf8');
  };
  add('definitions/engineering');
  add('definitions/shared/personal-info');
  add('tests/golden/engineering');
  return files;
}

/** A message as a Web Worker gets it and its answer as the page gets it: both through structured clone. */
function post(handle: ReturnType<typeof createWorkbenchHandler>, request: WorkbenchRequest) {
  return structuredClone(handle(structuredClone(request)));
}

describe('the workbench worker handler', () => {
  it('runs the golden orders of the tree it was sent, then of each edit sent as changed files only', () => {
    const handle = createWorkbenchHandler();
    const files = engineeringFiles();
    const first = post(handle, { id: 1, files });
    expect(first).toMatchObject({ id: 1, kind: 'golden-orders', report: { failed: 0 } });
    const total = first.kind === 'golden-orders' ? first.report.total : 0;
    expect(total).toBeGreaterThan(40);

    const rules = 'definitions/engineering/rules.json';
    const edited = files[rules].replace(
      '"ENGINEERING DRAWINGS - SIGNED AND SEALED": 49',
      '"ENGINEERING DRAWINGS - SIGNED AND SEALED": 59',
    );
    expect(edited).not.toBe(files[rules]);
    const second = post(handle, { id: 2, changes: { [rules]: edited } });
    expect(second.kind).toBe('golden-orders');
    if (second.kind !== 'golden-orders') return;
    const failing = second.report.orders.filter((o) => o.status === 'fail');
    expect(failing.length).toBeGreaterThan(0);
    const total198 = failing.find((o) => o.file === 'tests/golden/engineering/33-total-two-documents.json');
    expect(total198?.differences).toContainEqual({
      key: 'expect.price',
      expected: 198,
      actual: 208,
      message: 'expect.price: expected 198, got 208',
    });
    expect(second.report.coverage[0].form).toBe('engineering');
  });

  it('checks a form: its problems by tree path, its rule ids and where each rule is written', () => {
    const handle = createWorkbenchHandler();
    const files = engineeringFiles();
    const rules = 'definitions/engineering/rules.json';
    const answer = post(handle, {
      id: 7,
      files: { ...files, [rules]: files[rules].replace('"kind": "required"', '"kind": "bogus"') },
      run: 'check',
    });
    expect(answer).toMatchObject({ id: 7, kind: 'check', forms: [{ form: 'engineering', ok: false }] });
    if (answer.kind !== 'check') return;
    expect(answer.forms[0].problems[0]).toMatchObject({ file: rules, check: 'schema' });

    const fixed = post(handle, { id: 8, changes: { [rules]: files[rules] }, run: 'check' });
    if (fixed.kind !== 'check') throw new Error(fixed.kind);
    expect(fixed.forms[0]).toMatchObject({ ok: true, problems: [] });
    expect(fixed.forms[0].ruleSources).toHaveLength(fixed.forms[0].ruleIds.length);
    expect(fixed.forms[0].ruleSources[0].file).toMatch(/^definitions\//);
  });
});
