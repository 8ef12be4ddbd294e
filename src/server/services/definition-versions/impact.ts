/**
 * Impact analysis of a draft (issue 12): stored orders replayed under the published version and under the draft — the
 * posted data loaded into an engine session of each (`createSession` + `load`) — and, per form, the orders whose price
 * would change, that would become incomplete, or whose posted body would differ, each with its difference.
 */
import { and, asc, gt, gte, sql } from 'drizzle-orm';
import { createSession, type CompiledDefinition, type FormState } from '../../../engine/index';
import type { Database } from '../../db/database';
import { orders } from '../../db/schema';
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

export interface FormImpact {
  form: string;
  orders: number;
  changedPrice: number;
  becameIncomplete: number;
  changedBody: number;
  /** Orders whose form the draft no longer has (or the published version lacks). */
  unknownForm: number;
  changed: OrderImpact[];
}

export interface ImpactReport {
  days: number;
  since: string;
  orders: number;
  forms: FormImpact[];
  tookMs: number;
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

/** Accumulates the per-form counts over orders fed one batch at a time. */
export class ImpactTally {
  private readonly forms = new Map<string, FormImpact>();
  count = 0;

  constructor(
    private readonly published: CompiledTree,
    private readonly draft: CompiledTree,
  ) {}

  add(order: ReplayedOrder): void {
    this.count += 1;
    let form = this.forms.get(order.formId);
    if (!form) {
      form = {
        form: order.formId,
        orders: 0,
        changedPrice: 0,
        becameIncomplete: 0,
        changedBody: 0,
        unknownForm: 0,
        changed: [],
      };
      this.forms.set(order.formId, form);
    }
    form.orders += 1;
    const before = this.published.forms.get(order.formId)?.compiled;
    const after = this.draft.forms.get(order.formId)?.compiled;
    if (!before || !after) {
      form.unknownForm += 1;
      return;
    }
    const impact = compareOrder(order, before, after);
    if (!impact) return;
    if (impact.price) form.changedPrice += 1;
    if (impact.incomplete) form.becameIncomplete += 1;
    if (impact.body) form.changedBody += 1;
    form.changed.push(impact);
  }

  report(days: number, since: Date, tookMs: number): ImpactReport {
    const forms = [...this.forms.values()].sort((a, b) => (a.form < b.form ? -1 : 1));
    return { days, since: since.toISOString(), orders: this.count, forms, tookMs };
  }
}

/** Stored orders of the last `days` days (created or changed since), read in pages of `pageSize` by id. */
export async function* readRecentOrders(db: Database, since: Date, pageSize = 1000): AsyncGenerator<ReplayedOrder[]> {
  let lastId = 0;
  for (;;) {
    const page = await db
      .select({ id: orders.id, fileName: orders.fileName, formId: orders.formId, data: orders.data })
      .from(orders)
      .where(and(gt(orders.id, lastId), gte(orders.updatedAt, sql`${since.toISOString()}::timestamptz`)))
      .orderBy(asc(orders.id))
      .limit(pageSize);
    if (page.length === 0) return;
    lastId = page[page.length - 1].id;
    yield page;
  }
}

/** How many orders the analysis will replay (for progress). */
export async function countRecentOrders(db: Database, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(gte(orders.updatedAt, sql`${since.toISOString()}::timestamptz`));
  return Number(row?.n ?? 0);
}

/** Replays the orders of the last `days` days under both compiled trees; `onProgress(done, total)` after each page. */
export async function analyzeImpact(
  db: Database,
  published: CompiledTree,
  draft: CompiledTree,
  days: number,
  onProgress?: (done: number, total: number) => Promise<void> | void,
  now = new Date(),
): Promise<ImpactReport> {
  const started = performance.now();
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const total = await countRecentOrders(db, since);
  const tally = new ImpactTally(published, draft);
  for await (const page of readRecentOrders(db, since)) {
    for (const order of page) tally.add(order);
    await onProgress?.(tally.count, total);
  }
  return tally.report(days, since, Math.round(performance.now() - started));
}
