/**
 * Impact analysis of a draft (issue 12): stored orders replayed under the published version and under the draft — the
 * posted data loaded into an engine session of each (`createSession` + `load`) — and, per form, the orders whose price
 * would change, that would become incomplete, or whose posted body would differ, each with its difference. The replay
 * runs where the caller says (the server: a definition-work thread, a page of orders at a time); the tally is plain data.
 */
import { and, asc, gt, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { orders } from '../../db/schema';
import type { OrderImpact, OrderOutcome, ReplayedOrder } from './impact-replay';

export { compareOrder, outcomeOf, type OrderImpact, type OrderOutcome, type ReplayedOrder } from './impact-replay';

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

/** Replays a page of orders (in order), wherever that runs. */
export type ReplayPage = (orders: ReplayedOrder[]) => Promise<OrderOutcome[]>;

/** Accumulates the per-form counts over order outcomes fed one page at a time. */
export class ImpactTally {
  private readonly forms = new Map<string, FormImpact>();
  count = 0;

  add(formId: string, impact: OrderOutcome): void {
    this.count += 1;
    let form = this.forms.get(formId);
    if (!form) {
      form = {
        form: formId,
        orders: 0,
        changedPrice: 0,
        becameIncomplete: 0,
        changedBody: 0,
        unknownForm: 0,
        changed: [],
      };
      this.forms.set(formId, form);
    }
    form.orders += 1;
    if (impact === 'unknown-form') {
      form.unknownForm += 1;
      return;
    }
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

/** Replays the orders of the last `days` days through `replayPage`; `onProgress(done, total)` after each page. */
export async function analyzeImpact(
  db: Database,
  replayPage: ReplayPage,
  days: number,
  onProgress?: (done: number, total: number) => Promise<void> | void,
  now = new Date(),
): Promise<ImpactReport> {
  const started = performance.now();
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const total = await countRecentOrders(db, since);
  const tally = new ImpactTally();
  for await (const page of readRecentOrders(db, since)) {
    const outcomes = await replayPage(page);
    page.forEach((order, i) => tally.add(order.formId, outcomes[i]));
    await onProgress?.(tally.count, total);
  }
  return tally.report(days, since, Math.round(performance.now() - started));
}
