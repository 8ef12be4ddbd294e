/**
 * One stored order replayed under the published version and under a draft (impact analysis, impact.ts): the posted
 * data loaded into an engine session of each, and what differs. Pure: what a definition-work thread runs.
 */
import { createSession, type CompiledDefinition, type FormState } from '../../../engine/index';
import type { CompiledTree } from './compile';
import { isSameJson } from '../submit-pipeline/preview-reference';

/** One stored order as replayed. */
export interface ReplayedOrder {
  fileName: string;
  formId: string;
  data: unknown;
}

/** What would change for one order under the draft. */
export interface OrderImpact {
  fileName: string;
  price?: { from: FormState['price']; to: FormState['price'] };
  /** Required fields the draft finds missing that the published version did not (and its new messages). */
  incomplete?: { missing: string[]; errors: Record<string, string> };
  /** Top-level fields of the posted body that would differ. */
  body?: string[];
}

function replay(definition: CompiledDefinition, data: unknown): FormState {
  const session = createSession(definition, { context: {} });
  return session.load(
    data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
  );
}

function fieldsThatDiffer(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => !isSameJson(a[key], b[key])).sort();
}

/** Compares one order under both versions; undefined when nothing changes for it. */
export function compareOrder(
  order: ReplayedOrder,
  published: CompiledDefinition,
  draft: CompiledDefinition,
): OrderImpact | undefined {
  const before = replay(published, order.data);
  const after = replay(draft, order.data);
  const impact: OrderImpact = { fileName: order.fileName };
  if (!isSameJson(before.price, after.price)) impact.price = { from: before.price, to: after.price };
  const wasComplete = before.missing.length === 0 && Object.keys(before.errors).length === 0;
  const isComplete = after.missing.length === 0 && Object.keys(after.errors).length === 0;
  if (wasComplete && !isComplete)
    impact.incomplete = { missing: after.missing.map((m) => m.path), errors: after.errors };
  const body = fieldsThatDiffer(before.payload, after.payload);
  if (body.length > 0) impact.body = body;
  return impact.price || impact.incomplete || impact.body ? impact : undefined;
}

/** One order under the draft: what would change for it, nothing (null), or its form missing from either version. */
export type OrderOutcome = OrderImpact | 'unknown-form' | null;

/** Replays one order under both compiled trees. */
export function outcomeOf(order: ReplayedOrder, published: CompiledTree, draft: CompiledTree): OrderOutcome {
  const before = published.forms.get(order.formId)?.compiled;
  const after = draft.forms.get(order.formId)?.compiled;
  if (!before || !after) return 'unknown-form';
  return compareOrder(order, before, after) ?? null;
}
