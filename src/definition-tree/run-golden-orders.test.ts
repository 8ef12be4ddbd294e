import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DefinitionCompiler, runGoldenOrdersInMemory } from './run-golden-orders';

/** The repository's definitions/ (but demo-data) and tests/golden/ as a draft holds them: tree path -> content. */
function repositoryFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (full !== path.join('definitions', 'demo-data')) walk(full);
      } else if (name.endsWith('.json')) files[full.split(path.sep).join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk('definitions');
  walk('tests/golden');
  return files;
}

const order043 = 'tests/golden/pergola/043-price-pergola-fixed-attached-10-6-x-13-rounds-up-to-12-x-14-even-sizes.json';

describe('runGoldenOrdersInMemory', () => {
  const repository = repositoryFiles();
  const pergolaOrders = Object.keys(repository).filter(
    (p) => p.startsWith('tests/golden/') && JSON.parse(repository[p]).form === 'pergola',
  );

  it('compiles a form from files in memory and replays its golden orders, with the coverage check:orders prints', () => {
    const report = runGoldenOrdersInMemory(repository, { form: 'pergola' });
    expect(report.forms).toEqual([{ form: 'pergola', ok: true, rules: 117, problems: [] }]);
    expect(report.orders.map((o) => o.file)).toEqual(pergolaOrders.sort());
    expect(report.orders.filter((o) => o.status !== 'pass')).toEqual([]);
    expect(report).toMatchObject({ total: pergolaOrders.length, passed: pergolaOrders.length, failed: 0, invalid: 0 });
    const [coverage] = report.coverage;
    expect(coverage).toMatchObject({ form: 'pergola', fired: 111, defined: 117 });
    expect(coverage.unfired).toContain('permit:no-clears-piers');
    expect(coverage.timesFired['hide:motorCity']).toBeGreaterThan(0);
    expect(coverage.ruleIds).toHaveLength(117);
  });

  // Compiles every form (~2 s idle).
  it(
    'after a price edit names the failing order with the expected and the actual price, recompiling only that form',
    { timeout: 60_000 },
    () => {
      const compiler = new DefinitionCompiler();
      runGoldenOrdersInMemory(repository, { compiler });
      const engineering = compiler.compile(repository, 'engineering');
      const pergola = compiler.compile(repository, 'pergola');
      const table = 'definitions/prices/pergola/pergola-fixed-attached.json';
      const edited = { ...repository, [table]: repository[table].replace('"12x14": 8830', '"12x14": 8900') };

      const report = runGoldenOrdersInMemory(edited, { compiler });
      expect(compiler.compile(edited, 'engineering')).toBe(engineering);
      expect(compiler.compile(edited, 'pergola')).not.toBe(pergola);
      expect(report.orders.filter((o) => o.status !== 'pass')).toEqual([
        {
          file: order043,
          form: 'pergola',
          title: expect.stringContaining('rounds up to 12 x 14'),
          status: 'fail',
          details: ['expect.price: expected 8830, got 8900'],
          differences: [
            { key: 'expect.price', expected: 8830, actual: 8900, message: 'expect.price: expected 8830, got 8900' },
          ],
        },
      ]);
      expect(report.total).toBe(Object.keys(repository).filter((p) => p.startsWith('tests/golden/')).length);
      // Back to the first tree: its compiled form is still kept.
      expect(compiler.compile(repository, 'pergola')).toBe(pergola);
    },
  );

  it('reports a broken form by tree path and its orders as not valid, and an order that is not JSON', () => {
    const rules = 'definitions/pergola/rules.json';
    const broken = {
      ...repository,
      [rules]: repository[rules].replace('"kind": "required"', '"kind": "bogus"'),
      'tests/golden/pergola/999-cut.json': '{ "form": ',
    };
    const report = runGoldenOrdersInMemory(broken, { form: 'pergola' });
    expect(report.forms[0]).toMatchObject({ form: 'pergola', ok: false, rules: 0 });
    expect(report.forms[0].problems[0]).toMatchObject({ file: rules, check: 'schema', severity: 'error' });
    expect(report.invalid).toBe(pergolaOrders.length + 1);
    expect(report.orders.at(-1)).toMatchObject({ file: 'tests/golden/pergola/999-cut.json', status: 'invalid' });
    expect(report.coverage).toEqual([]);
  });

  it('answers what a Web Worker can post: plain data that survives structuredClone, with fired rules per order on request', () => {
    const report = runGoldenOrdersInMemory(repository, { form: 'pergola', firedPerOrder: true });
    expect(structuredClone(report)).toEqual(report);
    expect(report.orders.find((o) => o.file === order043)?.fired).toContain('price:pergola-base');
  });
});
