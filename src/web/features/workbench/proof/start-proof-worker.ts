/**
 * Starts the proof's worker inlined in this chunk and created from a blob: URL. A worker served from /assets/*.js runs
 * under that response's Content-Security-Policy, which has no 'unsafe-eval' (the engine compiles with ajv and
 * json-logic-engine); a blob: worker takes the page's policy, which has it, and `worker-src 'self' blob:` allows it.
 */
import ProofWorker from './proof-worker?worker&inline';

export const startProofWorker = (): Worker => new ProofWorker({ name: 'golden-orders' });
