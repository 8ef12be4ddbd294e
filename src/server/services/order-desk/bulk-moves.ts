/** One move for many orders (the desk's selected rows): each judged on its own, in its own transaction. */
import type { BulkTransitionAnswer } from '../../../contracts/staff';
import type { Database } from '../../db/database';
import type { Actor } from '../../repositories/order-events-repository';
import type { LifecycleOrder } from '../../repositories/order-lifecycle-repository';
import type { DefinitionForOrder } from '../order-lifecycle/lifecycle-rules';
import { moveOrder, type TransitionRequest } from '../order-lifecycle/transition-order';
import { findFileParameterProblems } from '../order-files/file-parameter';

type BulkResult = BulkTransitionAnswer['results'][number];

/**
 * Moves each named order as `move` says, one after another (a refused or failing row leaves the others moving);
 * answers a row each, in the order given: moved (with the new state), refused (why), not-found, invalid (why).
 */
export async function moveOrders(
  db: Database,
  fileNames: string[],
  move: TransitionRequest,
  actor: Actor,
  definitionFor: DefinitionForOrder<LifecycleOrder>,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const fileName of fileNames) {
    const unsafe = findFileParameterProblems({ fileName });
    if (unsafe.length) {
      results.push({ fileName, outcome: 'invalid', message: unsafe.join('; ') });
      continue;
    }
    const outcome = await moveOrder(db, fileName, move, actor, definitionFor);
    switch (outcome.kind) {
      case 'done':
        results.push({ fileName, outcome: 'moved', status: outcome.status });
        break;
      case 'invalid':
        results.push({ fileName, outcome: 'invalid', message: `${outcome.message}: ${outcome.reasons.join('; ')}` });
        break;
      default:
        results.push({ fileName, outcome: outcome.kind, message: outcome.message });
    }
  }
  return results;
}
