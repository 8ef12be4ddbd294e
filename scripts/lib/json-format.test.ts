import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { formatJson, LINE_WIDTH } from './json-format';

function jsonFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? jsonFiles(file) : name.endsWith('.json') ? [file] : [];
  });
}

const rule = {
  kind: 'required',
  id: 'required:selectedSkyviewChoice',
  path: 'selectedSkyviewChoice',
  label: 'Skyview',
  when: {
    and: [
      { '!=': [{ var: 'selectedRoomStyle' }, 'CATHEDRAL'] },
      { '!=': [{ var: 'selectedSunRoomType' }, 'Solarium'] },
      { '!=': [{ var: 'selectedAngled' }, 'YES'] },
    ],
  },
};

/** A line holding a one-line leaf: not an opening or closing line of a broken object or array. */
const isLeafLine = (line: string) => !/[[{]$/.test(line) && !/^\s*[\]}],?$/.test(line);

/** Whether a leaf line is within the width, or is wider only because it holds an array of plain values or one long value. */
function fitsOrIsFlat(line: string): boolean {
  if (line.length <= LINE_WIDTH) return true;
  const body = line.trim().replace(/,$/, '');
  let leaf: unknown;
  try {
    leaf = Object.values(JSON.parse(`{${body}}`))[0];
  } catch {
    leaf = JSON.parse(body);
  }
  return Array.isArray(leaf)
    ? leaf.every((v) => v === null || typeof v !== 'object')
    : typeof leaf !== 'object' || leaf === null;
}

describe('formatJson', () => {
  it('keeps each leaf on one line and breaks what does not fit: a rule reads in a few lines', () => {
    expect(formatJson(rule)).toBe(`{
  "kind": "required",
  "id": "required:selectedSkyviewChoice",
  "path": "selectedSkyviewChoice",
  "label": "Skyview",
  "when": {
    "and": [
      {"!=": [{"var": "selectedRoomStyle"}, "CATHEDRAL"]},
      {"!=": [{"var": "selectedSunRoomType"}, "Solarium"]},
      {"!=": [{"var": "selectedAngled"}, "YES"]}
    ]
  }
}
`);
    expect(
      formatJson({
        rules: [{ kind: 'hide', path: 'x', when: { cond: 'isSolarium' } }],
        enum: ['a', 'b'],
        empty: {},
        none: [],
      }),
    ).toBe(`{
  "rules": [{"kind": "hide", "path": "x", "when": {"cond": "isSolarium"}}],
  "enum": ["a", "b"],
  "empty": {},
  "none": []
}
`);
  });

  it('keeps an array of plain values on one line whatever its length', () => {
    const codes = Array.from({ length: 40 }, (_, i) => `CODE-${i}`);
    expect(formatJson({ codes })).toBe(`{\n  "codes": ${JSON.stringify(codes).replace(/","/g, '", "')}\n}\n`);
  });

  it('round-trips to the same value, is idempotent, and its leaves fit the width (any JSON)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = formatJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(formatJson(JSON.parse(text))).toBe(text);
        for (const line of text.split('\n').filter(isLeafLine)) expect(fitsOrIsFlat(line), line).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips every file of definitions/ and is idempotent on them; a leaf wider than the width is an array of plain values or one long value', () => {
    const files = jsonFiles('definitions');
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const value = JSON.parse(readFileSync(file, 'utf8'));
      const text = formatJson(value);
      expect(JSON.parse(text), file).toEqual(value);
      expect(formatJson(JSON.parse(text)), file).toBe(text);
      for (const line of text.split('\n').filter(isLeafLine)) expect(fitsOrIsFlat(line), `${file}: ${line}`).toBe(true);
    }
  });

  it('format:definitions --check names the files not formatted and exits 1; after formatting it exits 0', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'format-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'rules.json'), JSON.stringify(rule, null, 2));
    writeFileSync(path.join(dir, 'ok.json'), formatJson({ a: 1 }));
    const run = (...args: string[]) => {
      try {
        return {
          code: 0,
          out: execFileSync('npx', ['tsx', 'scripts/format-definitions.ts', ...args, dir], {
            encoding: 'utf8',
            stdio: 'pipe',
          }),
        };
      } catch (error) {
        const failure = error as { status: number; stdout: string };
        return { code: failure.status, out: failure.stdout };
      }
    };
    const check = run('--check');
    expect(check.code).toBe(1);
    expect(check.out).toContain(`not formatted: ${path.join(dir, 'rules.json')}`);
    expect(check.out).not.toContain('ok.json');
    expect(run().out).toContain('1 of 2 file(s) rewritten');
    expect(readFileSync(path.join(dir, 'rules.json'), 'utf8')).toBe(formatJson(rule));
    expect(run('--check').code).toBe(0);
  }, 60_000);
});
