import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGoldenOrdersInMemory, type GoldenDifference } from '../../../../definition-tree';
import { acceptDifferences, canAccept } from './accept-actual';

const root = path.resolve(import.meta.dirname, '../../../../..');

/** The repository's definitions and the pavilion's golden orders, as the workbench holds a draft's files. */
function pavilionTree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const folder of ['definitions', 'tests/golden/pavilion'])
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true }))
      if (entry.isFile() && entry.name.endsWith('.json')) {
        const full = path.join(entry.parentPath, entry.name);
        files[path.relative(root, full).split(path.sep).join('/')] = readFileSync(full, 'utf8');
      }
  return files;
}

const difference = (key: string, expected: unknown, actual: unknown): GoldenDifference => ({
  key,
  expected,
  actual,
  message: key,
});

describe('taking the new value as expected', () => {
  it('fixes the golden order a changed Skyview length limit breaks, and only that expectation', () => {
    const files = pavilionTree();
    const rules = 'definitions/pavilion/rules.json';
    const edited: Record<string, string> = { ...files, [rules]: files[rules].replace(/(\n\s*)180(\n)/, '$1192$2') };
    expect(edited[rules]).not.toBe(files[rules]);
    const failing = runGoldenOrdersInMemory(edited, { form: 'pavilion' }).orders.filter((o) => o.status !== 'pass');
    expect(failing.map((o) => o.title)).toEqual(['A length over 15 feet forces Skyview NO']);
    const [order] = failing;
    expect(order.differences).toEqual([
      expect.objectContaining({
        key: 'expect.data.selectedSkyviewChoice',
        expected: 'Skyview NO',
        actual: 'Skyview YES',
      }),
    ]);

    const fixed = acceptDifferences(edited[order.file], order.differences);
    expect(fixed.endsWith('}\n')).toBe(true);
    expect(JSON.parse(fixed)).toEqual({
      ...JSON.parse(edited[order.file]),
      expect: { data: { selectedSkyviewChoice: 'Skyview YES' } },
    });
    const after = runGoldenOrdersInMemory({ ...edited, [order.file]: fixed }, { form: 'pavilion' });
    expect(after.failed).toBe(0);
  });

  it('writes keyed expectations under the key the order uses, and absent values as null', () => {
    const order = {
      form: 'pavilion',
      expect: { data: { 'heightAtHouse.heightfeet': 9 }, submit: { allowed: true, payload: { 'a.b': 1 } } },
    };
    const text = acceptDifferences(JSON.stringify(order), [
      difference('expect.data.heightAtHouse.heightfeet', 9, undefined),
      difference('expect.submit.payload.a.b', 1, 2),
      difference('expect.submit.allowed', true, false),
      difference('expect.price', 100, 120),
      difference('expect.errors.email', 'bad', null),
    ]);
    expect(JSON.parse(text)).toEqual({
      form: 'pavilion',
      expect: {
        data: { 'heightAtHouse.heightfeet': null },
        submit: { allowed: false, payload: { 'a.b': 2 } },
        price: 120,
        errors: { email: null },
      },
    });
  });

  it('keeps subset lists as subsets: drops what no longer holds rather than copying the whole state', () => {
    const order = { form: 'x', expect: { hidden: ['a', 'b.c'], shown: ['d', 'e'], missingIncludes: ['m', 'n'] } };
    const text = acceptDifferences(JSON.stringify(order), [
      difference('expect.hidden', ['a', 'b.c'], ['b', 'z']),
      difference('expect.shown', ['d', 'e'], ['b', 'e']),
      difference('expect.missingIncludes', ['m', 'n'], ['n', 'o']),
      difference('expect.missingExcludes', ['p', 'q'], ['q']),
    ]);
    expect(JSON.parse(text).expect).toEqual({
      hidden: ['b.c'],
      shown: ['d'],
      missingIncludes: ['n'],
      missingExcludes: ['p'],
    });
  });

  it('says which expectations it cannot rewrite', () => {
    expect(canAccept(difference('expect.options.roof', ['a'], ['b']))).toBe(true);
    expect(canAccept(difference('the engine failed', null, null))).toBe(false);
  });
});
