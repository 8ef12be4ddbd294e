/**
 * Definition work done on the thread that asks: what each worker thread runs (worker.ts), and what the CLI uses in its
 * own process (`npm run definitions`: one user's command, nobody else waits on it). Compiled trees are kept by tree
 * hash, so the pages of one impact analysis compile the two trees once.
 */
import { TreeCompiler, type CompiledTree, type OnCheckStep, type TreeChecks } from '../definition-versions/compile';
import { outcomeOf, type OrderOutcome, type ReplayedOrder } from '../definition-versions/impact-replay';
import { treeHashOf, type TreeFiles } from '../definition-versions/tree';
import type { DefinitionWork } from './definition-work';

/** Compiled trees kept (a published version and a few drafts'). */
const COMPILED_TREES = 4;

export class LocalDefinitionWork implements DefinitionWork {
  private readonly compiledTrees = new Map<string, CompiledTree>();

  /** `compiler`: the caller's, to share its per-form and per-order caches (the CLI's service compiles with it too). */
  constructor(private readonly compiler = new TreeCompiler()) {}

  async check(tree: TreeFiles, onStep?: OnCheckStep): Promise<TreeChecks> {
    return (await this.compiler.check(tree, undefined, onStep)).checks;
  }

  async impact(
    published: TreeFiles,
    draft: TreeFiles,
    orders: ReplayedOrder[],
    onStep?: OnCheckStep,
  ): Promise<OrderOutcome[]> {
    const before = await this.compiledTree(published, onStep);
    const after = await this.compiledTree(draft, onStep);
    return orders.map((order) => {
      onStep?.({ doing: `replaying the stored order ${order.fileName} (${order.formId})`, file: order.fileName });
      return outcomeOf(order, before, after);
    });
  }

  private async compiledTree(tree: TreeFiles, onStep?: OnCheckStep): Promise<CompiledTree> {
    const treeHash = treeHashOf(tree.manifest);
    const compiled = this.compiledTrees.get(treeHash) ?? (await this.compiler.compile(tree, undefined, { onStep }));
    this.compiledTrees.delete(treeHash);
    this.compiledTrees.set(treeHash, compiled);
    for (const oldest of this.compiledTrees.keys()) {
      if (this.compiledTrees.size <= COMPILED_TREES) break;
      this.compiledTrees.delete(oldest);
    }
    return compiled;
  }
}
