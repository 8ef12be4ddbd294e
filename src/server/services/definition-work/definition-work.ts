/**
 * Heavy definition work (issue 43): a tree's checks (compile, static checks, every golden order replayed) and impact
 * analysis's replay of stored orders. The server runs it on worker threads (pool.ts) so no request waits behind it; the
 * CLI runs it in its own process (local-work.ts). What crosses is plain data: trees in, checks and outcomes out.
 */
import type { CheckStep, TreeChecks } from '../definition-versions/compile';
import type { OrderOutcome, ReplayedOrder } from '../definition-versions/impact-replay';
import type { TreeFiles } from '../definition-versions/tree';

export interface DefinitionWork {
  /** The static checks and golden orders of a tree (what a draft change answers and publishing requires). */
  check(tree: TreeFiles): Promise<TreeChecks>;
  /** A page of stored orders replayed under the published tree and a draft's, one outcome per order, in order. */
  impact(published: TreeFiles, draft: TreeFiles, orders: ReplayedOrder[]): Promise<OrderOutcome[]>;
}

/** The work could not be done: its thread failed, would not start, or the server is closing. */
export class DefinitionWorkFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DefinitionWorkFailed';
  }
}

/** The work ran over its wall-clock limit and its thread was stopped; `step` is what it was doing then. */
export class DefinitionWorkStopped extends DefinitionWorkFailed {
  constructor(
    readonly limitMs: number,
    readonly step: CheckStep | undefined,
  ) {
    super(`took longer than ${formatLimit(limitMs)} and was stopped: ${step?.doing ?? 'at the start'}`);
    this.name = 'DefinitionWorkStopped';
  }

  /** The limit as people read it: "30 s", "50 ms". */
  get limit(): string {
    return formatLimit(this.limitMs);
  }

  /** What it was doing when stopped. */
  get doing(): string {
    return this.step?.doing ?? 'at the start';
  }
}

function formatLimit(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}
