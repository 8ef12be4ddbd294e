/**
 * Starts a definition-work thread the way this server runs. Built (`npm start`, `npm run serve`): the bundle's own
 * dist/server/definition-worker.js beside it (scripts/build-server.ts). From source (`npm run dev`, the tests):
 * worker-from-source.mjs, which registers tsx's loader in the thread and then imports worker.ts.
 */
import { Worker } from 'node:worker_threads';

export function startDefinitionWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./definition-worker.js', here));
  return new Worker(new URL('./worker-from-source.mjs', here), { execArgv: [] });
}
