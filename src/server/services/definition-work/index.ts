/** Heavy definition work off the request thread (issue 43): see definition-work.ts and pool.ts. */
import type { AppConfig } from '../../config';
import type { DefinitionWork } from './definition-work';
import { DefinitionWorkPool } from './pool';

export { DefinitionWorkFailed, DefinitionWorkStopped, type DefinitionWork } from './definition-work';
export { LocalDefinitionWork } from './local-work';
export { DefinitionWorkPool } from './pool';

/** One pool per process and settings: apps built one after another in one process (the tests) share warm threads. */
const pools = new Map<string, DefinitionWorkPool>();

/**
 * The server's definition work: DEFINITION_WORKERS threads, each task limited to DEFINITION_CHECK_TIMEOUT_MS. Its
 * threads are unref'd and outlive an app closing (a server's process ends with it; the next test file reuses them).
 */
export function createDefinitionWork(config: AppConfig['definitionWork']): DefinitionWork {
  const key = `${config.workers}/${config.timeoutMs}`;
  const pool = pools.get(key) ?? new DefinitionWorkPool(config);
  pools.set(key, pool);
  return pool;
}
