/**
 * A definition-work thread (started by pool.ts; built to dist/server/definition-worker.js): one task at a time, its
 * compiled forms and replayed golden orders cached across tasks by file hash, as the request thread's compiler did.
 */
import { parentPort } from 'node:worker_threads';
import type { CheckStep } from '../definition-versions/compile';
import { ContentStore } from './content-store';
import { LocalDefinitionWork } from './local-work';
import { manifestsOf, type TaskMessage, type WorkerMessage } from './messages';

const port = parentPort;
if (!port) throw new Error('definition-work/worker.ts runs as a worker thread (pool.ts starts it)');

const work = new LocalDefinitionWork();
const store = new ContentStore();
const post = (message: WorkerMessage) => port.postMessage(message);

async function run({ id, task, contents }: TaskMessage): Promise<void> {
  store.add(contents);
  const manifests = manifestsOf(task);
  const missing = store.missing(manifests);
  if (missing.length > 0) return post({ type: 'missing', id, hashes: missing });
  const onStep = (step: CheckStep) => post({ type: 'step', id, step });
  try {
    const answer =
      task.kind === 'check'
        ? await work.check(store.treeOf(task.tree), onStep)
        : await work.impact(store.treeOf(task.published), store.treeOf(task.draft), task.orders, onStep);
    post({ type: 'done', id, answer });
  } catch (error) {
    post({ type: 'failed', id, message: (error as Error).message ?? String(error) });
  } finally {
    store.keep(manifests);
  }
}

port.on('message', (message: TaskMessage) => void run(message));
post({ type: 'ready' });
