import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../services/password-hasher';
import type { Database } from './database';
import { readDemoSparePartsCount, seedDemoCatalogue } from './seed-demo-catalogue';
import { seedDemoOrders, type SeedOrdersOptions } from './seed-demo-orders';
import { formatCount, logSeedDone, runSeedStep } from './seed-steps';
import { contacts, dealers, locations, parts, portalNotices, seedRuns, users, type ProductLine } from './schema';

interface DemoDealer {
  id: number;
  name: string;
  productLine: ProductLine;
  isOnHold?: boolean;
}
interface DemoUser {
  id: number;
  dealerId: number;
  username: string;
  displayName: string;
  externalId: string;
  password?: string;
  isEmployee?: boolean;
  roles?: string[];
  description?: string;
}
interface DemoLocation {
  dealerId: number;
  key: string;
  name: string;
}
interface DemoContact {
  name: string;
  title: string;
  phone: string;
  email: string;
  phoneLabel?: string;
}
interface DemoContactSection {
  name: string;
  groups: { name: string | null; contacts: DemoContact[] }[];
}
interface DemoPart {
  identifier: string;
  partNumber: string;
  description: string;
  price: number;
  category1?: string;
  category2?: string;
  category3?: string;
  uom?: string;
  color?: string;
  size?: string;
  imageId?: string;
  manufacturingComment?: string;
}

export interface DemoData {
  dealers: DemoDealer[];
  users: DemoUser[];
  locations: DemoLocation[];
  contactSections: DemoContactSection[];
  disclaimer: string;
  parts: DemoPart[];
}

async function readJson<T>(folder: string, file: string): Promise<T> {
  const full = path.join(folder, file);
  try {
    return JSON.parse(await readFile(full, 'utf8')) as T;
  } catch (error) {
    throw new Error(`Cannot read demo data ${full}: ${(error as Error).message}`, { cause: error });
  }
}

/** Reads definitions/demo-data/*.json. */
export async function readDemoData(folder: string): Promise<DemoData> {
  const [d, u, l, c, n, p] = await Promise.all([
    readJson<{ dealers: DemoDealer[] }>(folder, 'dealers.json'),
    readJson<{ users: DemoUser[] }>(folder, 'users.json'),
    readJson<{ locations: DemoLocation[] }>(folder, 'locations.json'),
    readJson<{ sections: DemoContactSection[] }>(folder, 'contacts.json'),
    readJson<{ manufacturingComment: string }>(folder, 'disclaimer.json'),
    readJson<{ parts: DemoPart[] }>(folder, 'parts.json'),
  ]);
  return {
    dealers: d.dealers,
    users: u.users,
    locations: l.locations,
    contactSections: c.sections,
    disclaimer: n.manufacturingComment,
    parts: p.parts,
  };
}

export interface SeedReport {
  dealers: number;
  users: number;
  locations: number;
  contacts: number;
  parts: number;
  catalogueParts?: number;
}

/**
 * Seed options: the orders' (history size, `log` for a line a step) and the catalogue's (spare parts, default from
 * DEMO_SPARE_PARTS or the base list).
 */
export type SeedOptions = SeedOrdersOptions & { demoSpareParts?: number };

/** The seed_runs row of the demo seed. */
export const demoSeedName = 'demo';

/** What a seed was started with, kept in seed_runs so a resumed seed makes the same rows (same "today"). */
interface RecordedSeed {
  lakesideHistoryRows?: number;
  demoSpareParts?: number;
  now: string;
}

async function readSeedRun(db: Database) {
  const [row] = await db.select().from(seedRuns).where(eq(seedRuns.name, demoSeedName));
  return row;
}

/**
 * Inserts the demo rows that are missing, in one transaction. Rows that already exist (by their natural keys)
 * are left as they are, so running it twice changes nothing and never overwrites the manufacturer's edits.
 * Then the demo orders and shipped history (seed-demo-orders.ts; `options` sizes the history), then the catalogue.
 * The seed_runs row is written with the first transaction and marked complete last: a seed that was interrupted is
 * finished by the next run, with the sizes and "today" it started with. `options.log` gets a line a step with its
 * counts and time; a step that throws becomes a StartupStepError naming it (seed-steps.ts).
 */
export async function seedDemoData(db: Database, demo: DemoData, options: SeedOptions = {}): Promise<SeedReport> {
  const startedAt = performance.now();
  const { log } = options;
  const run = await readSeedRun(db);
  const isResuming = run !== undefined && run.completedAt === null;
  const recorded: RecordedSeed = isResuming
    ? (run.options as unknown as RecordedSeed)
    : {
        lakesideHistoryRows: options.lakesideHistoryRows,
        demoSpareParts: options.demoSpareParts ?? readDemoSparePartsCount(),
        now: (options.now ?? new Date()).toISOString(),
      };
  const added = await runSeedStep(
    log,
    'dealers, users, locations, contacts and parts',
    () => seedBaseRows(db, demo, recorded),
    (a) =>
      (['dealers', 'users', 'locations', 'contacts', 'parts'] as const)
        .map((k) => `${k} ${formatCount(a[k])}`)
        .join(', '),
  );
  await options.onStep?.('base');
  const orders = await seedDemoOrders(db, {
    ...options,
    lakesideHistoryRows: recorded.lakesideHistoryRows,
    now: new Date(recorded.now),
    isResuming,
  });
  added.catalogueParts = await runSeedStep(
    log,
    'catalogue',
    () => seedDemoCatalogue(db, { spareParts: recorded.demoSpareParts }),
    (n) => `catalogue ${formatCount(n)} parts`,
  );
  await options.onStep?.('catalogue');
  await db
    .update(seedRuns)
    .set({ completedAt: sql`now()` })
    .where(eq(seedRuns.name, demoSeedName));
  const rows = added.dealers + added.users + added.locations + added.contacts + added.parts + added.catalogueParts;
  await logSeedDone(log, rows + orders.orders + orders.events + orders.history, startedAt);
  return added;
}

/** The first transaction: the dealers and their people and places, the seed_runs row, the parts list. */
async function seedBaseRows(db: Database, demo: DemoData, recorded: RecordedSeed): Promise<SeedReport> {
  let sort = 0;
  const contactRows = demo.contactSections.flatMap((section) =>
    section.groups.flatMap((group) =>
      group.contacts.map((contact) => ({
        section: section.name,
        groupName: group.name,
        sort: ++sort,
        name: contact.name,
        title: contact.title,
        phone: contact.phone,
        email: contact.email,
        phoneLabel: contact.phoneLabel ?? null,
      })),
    ),
  );
  const hashed = await Promise.all(demo.users.map((u) => (u.password ? hashPassword(u.password) : null)));
  return db.transaction(async (tx) => {
    const added: SeedReport = { dealers: 0, users: 0, locations: 0, contacts: 0, parts: 0 };
    if (demo.dealers.length) {
      const rows = await tx
        .insert(dealers)
        .values(
          demo.dealers.map((d) => ({
            id: d.id,
            name: d.name,
            productLine: d.productLine,
            isOnHold: d.isOnHold ?? false,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: dealers.id });
      added.dealers = rows.length;
    }
    if (demo.users.length) {
      const rows = await tx
        .insert(users)
        .values(
          demo.users.map((u, i) => ({
            id: u.id,
            dealerId: u.dealerId,
            username: u.username,
            displayName: u.displayName,
            externalId: u.externalId,
            passwordHash: hashed[i],
            isEmployee: u.isEmployee ?? false,
            roles: u.roles ?? [],
          })),
        )
        .onConflictDoNothing()
        .returning({ id: users.id });
      added.users = rows.length;
    }
    if (demo.locations.length) {
      const rows = await tx
        .insert(locations)
        .values(demo.locations)
        .onConflictDoNothing()
        .returning({ id: locations.id });
      added.locations = rows.length;
    }
    if (contactRows.length) {
      const rows = await tx.insert(contacts).values(contactRows).onConflictDoNothing().returning({ id: contacts.id });
      added.contacts = rows.length;
    }
    await tx.insert(portalNotices).values({ id: 1, manufacturingComment: demo.disclaimer }).onConflictDoNothing();
    await tx
      .insert(seedRuns)
      .values({ name: demoSeedName, options: { ...recorded } })
      .onConflictDoNothing();
    if (demo.parts.length) {
      const rows = await tx
        .insert(parts)
        .values(demo.parts.map((p) => ({ ...p, price: p.price.toFixed(2) })))
        .onConflictDoNothing()
        .returning({ id: parts.id });
      added.parts = rows.length;
    }
    return added;
  });
}

/**
 * Whether the start-up seed should run: on an empty database (no dealer, no seed begun), or to finish a seed that
 * was interrupted. A database with dealers and no seed record (the manufacturer's own data) is left alone.
 */
export async function needsDemoSeed(db: Database): Promise<'empty' | 'unfinished' | undefined> {
  const run = await readSeedRun(db);
  if (run) return run.completedAt === null ? 'unfinished' : undefined;
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(dealers);
  return row.count === 0 ? 'empty' : undefined;
}
