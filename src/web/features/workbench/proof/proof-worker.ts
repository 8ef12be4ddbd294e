/**
 * The proof's Web Worker: the definitions tree's message handler, keeping the draft's files and compiled forms between
 * messages. Started from a blob: URL (start-proof-worker.ts) so it runs under the page's policy, which allows eval.
 */
import { createWorkbenchHandler, type WorkbenchRequest } from '../../../../definition-tree';

const handle = createWorkbenchHandler();
// DOM's lib types `self` as a window; in a dedicated worker postMessage takes the message alone.
const scope = self as unknown as { postMessage(message: unknown): void };
self.addEventListener('message', (event: MessageEvent<WorkbenchRequest>) => scope.postMessage(handle(event.data)));
