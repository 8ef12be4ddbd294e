import { describe, expect, it } from 'vitest';
import { TreeCompiler } from './compile';
import { readTreeFromDisk, sha256, type TreeFiles } from './tree';

/** The engineering form, its golden orders and the pergola form with its shared pieces, from the repository. */
function repositoryTree(): TreeFiles {
  const all = readTreeFromDisk({ definitionsDir: 'definitions', goldenDir: 'tests/golden' });
  const keep = (p: string) =>
    /^definitions\/(engineering|pergola|shared|prices\/pergola)\//.test(p) ||
    /^tests\/golden\/(engineering|pergola)\//.test(p);
  return {
    manifest: Object.fromEntries(Object.entries(all.manifest).filter(([p]) => keep(p))),
    contents: all.contents,
  };
}

function edit(tree: TreeFiles, treePath: string, change: (text: string) => string): TreeFiles {
  const text = change(tree.contents.get(tree.manifest[treePath])!);
  const hash = sha256(text);
  return { manifest: { ...tree.manifest, [treePath]: hash }, contents: new Map([...tree.contents, [hash, text]]) };
}

describe('TreeCompiler', () => {
  const compiler = new TreeCompiler();
  const base = repositoryTree();

  it(
    'checks a tree as check:definitions and check:orders do, naming files by tree path',
    { timeout: 60_000 },
    async () => {
      const { compiled, checks } = await compiler.check(base);
      expect([...compiled.forms.keys()]).toEqual(['engineering', 'pergola']);
      expect(checks.ok).toBe(true);
      expect(checks.goldenOrders.total).toBeGreaterThan(90);
      expect(checks.goldenOrders.failed).toBe(0);

      const broken = edit(base, 'definitions/engineering/rules.json', (text) =>
        text.replace('"kind": "required"', '"kind": "bogus"'),
      );
      const answer = (await compiler.check(broken)).checks;
      expect(answer.ok).toBe(false);
      expect(answer.staticChecks.problems[0].file).toBe('definitions/engineering/rules.json');
      // Its golden orders cannot run without the form: each is named as not valid.
      expect(
        answer.goldenOrders.failures.every(
          (f) => f.file.startsWith('tests/golden/engineering/') && f.status === 'invalid',
        ),
      ).toBe(true);
    },
  );

  it('compiles again only the forms whose folders changed', { timeout: 60_000 }, async () => {
    const first = await compiler.compile(base);
    const pricesChanged = edit(base, 'definitions/prices/pergola/pergola-fixed-attached.json', (text) =>
      text.replace('"12x14": 8830', '"12x14": 8900'),
    );
    const second = await compiler.compile(pricesChanged);
    expect(second.forms.get('engineering')).toBe(first.forms.get('engineering'));
    expect(second.forms.get('pergola')).not.toBe(first.forms.get('pergola'));
    expect(
      (second.forms.get('pergola')!.bundle!.data!['pergola-fixed-attached'] as { prices: Record<string, number> })
        .prices['12x14'],
    ).toBe(8900);
    const orders = compiler.runGoldenOrders(pricesChanged, second);
    expect(orders.failures.map((f) => f.file)).toEqual([
      'tests/golden/pergola/043-price-pergola-fixed-attached-10-6-x-13-rounds-up-to-12-x-14-even-sizes.json',
    ]);
    // Back to the first tree: its compiled forms are still cached.
    expect((await compiler.compile(base)).forms.get('pergola')).toBe(first.forms.get('pergola'));
  });
});
