/**
 * The one place where browser tests reach past the HTTP API into the server they started: rows a test needs that no
 * page can make (an order in a given state, a large catalogue, a queued job), rows a test reads back that no route
 * lists, and the compiled definitions. Test files and page helpers of tests/e2e do not import src/server
 * (eslint.config.js, zone "tests/e2e"): they ask this file, so what the e2e tests know of the server's insides is listed here.
 */
import { eq } from 'drizzle-orm';
import type { InferInsertModel } from 'drizzle-orm';
import { seedDemoCatalogue } from '../../../src/server/db/seed-demo-catalogue';
import { orders } from '../../../src/server/db/schema';
import { readDefinitionFolder } from '../../../src/server/definitions';
import { drawingJobKind } from '../../../src/server/services/drawings/index';
import { enqueueJob } from '../../../src/server/services/jobs/index';
import type { TestServer } from '../../support/test-server';

/** Inserts an order row as the submit pipeline would have stored it. */
export async function insertOrder(server: TestServer, row: InferInsertModel<typeof orders>): Promise<void> {
  await server.app.db.insert(orders).values(row);
}

/** The stored orders of a dealer (file name, form, state and payload), as the database holds them. */
export function storedOrdersOf(
  server: TestServer,
  dealerId: number,
): Promise<{ fileName: string; formId: string; status: string; data: unknown }[]> {
  return server.app.db
    .select({ fileName: orders.fileName, formId: orders.formId, status: orders.status, data: orders.data })
    .from(orders)
    .where(eq(orders.dealerId, dealerId));
}

/** The definitions version a stored order is pinned to (the version its submit was checked with). */
export async function pinnedVersionOf(server: TestServer, fileName: string): Promise<number | null> {
  const [row] = await server.app.db
    .select({ version: orders.definitionVersionId })
    .from(orders)
    .where(eq(orders.fileName, fileName));
  if (!row) throw new Error(`No stored order ${fileName}`);
  return row.version;
}

/** Queues the drawing job of an order and wakes the job runner. */
export async function queueDrawingJob(
  server: TestServer,
  payload: { dealerId: number; fileName: string },
  options: { maxAttempts?: number } = {},
): Promise<void> {
  await enqueueJob(server.app.db, drawingJobKind, payload, options);
  server.app.jobs.wake();
}

/** Adds demo spare parts to the catalogue (a catalogue as large as production's). */
export function seedCatalogue(server: TestServer, options: { spareParts: number }): Promise<number> {
  return seedDemoCatalogue(server.app.db, options);
}

/** The compiled definition of definitions/<form>, as the server loads it. */
export function compiledDefinition(form: string) {
  const { compiled } = readDefinitionFolder(`definitions/${form}`);
  if (!compiled) throw new Error(`definitions/${form} does not compile`);
  return compiled;
}
