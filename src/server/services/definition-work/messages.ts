/**
 * What the pool (pool.ts) and a definition-work thread (worker.ts) say to each other. Trees travel as manifests;
 * file contents are sent by hash only when the thread does not hold them yet (it asks for any it dropped).
 */
import type { CheckStep, TreeChecks } from '../definition-versions/compile';
import type { OrderOutcome, ReplayedOrder } from '../definition-versions/impact-replay';
import type { Manifest } from '../definition-versions/tree';

export type WorkTask =
  { kind: 'check'; tree: Manifest } | { kind: 'impact'; published: Manifest; draft: Manifest; orders: ReplayedOrder[] };

/** Pool to thread: a task, with the contents (hash, text) it needs that the thread was not sent before. */
export interface TaskMessage {
  id: number;
  task: WorkTask;
  contents: [string, string][];
}

/** Thread to pool. */
export type WorkerMessage =
  | { type: 'ready' }
  /** What the task is doing now: named if it is stopped. */
  | { type: 'step'; id: number; step: CheckStep }
  /** The thread lacks these contents (it dropped them): the task is sent again with them. */
  | { type: 'missing'; id: number; hashes: string[] }
  | { type: 'done'; id: number; answer: TreeChecks | OrderOutcome[] }
  | { type: 'failed'; id: number; message: string };

/** The manifests a task reads. */
export function manifestsOf(task: WorkTask): Manifest[] {
  return task.kind === 'check' ? [task.tree] : [task.published, task.draft];
}
