import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

import { productLines, type ProductLine } from '../../contracts/dealer';
import { orderStatuses, type OrderStatus } from '../../contracts/staff';

// The API's value lists are the columns' too (written once, in src/contracts).
export { orderStatuses, productLines, type OrderStatus, type ProductLine };

export const dealers = pgTable(
  'dealers',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    productLine: text('product_line').$type<ProductLine>().notNull(),
    isOnHold: boolean('on_hold').notNull().default(false),
  },
  (t) => [check('dealers_product_line_check', sql`${t.productLine} in ('SUNROOMS', 'PATIO COVERS')`)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    username: text('username').notNull().unique(),
    displayName: text('display_name').notNull(),
    /** Identity-provider subject (`oid` or `sub`); the only link between a token and a user. */
    externalId: text('external_id').notNull().unique(),
    /** scrypt hash, local sign-in only; null for users who sign in through the OIDC authority. */
    passwordHash: text('password_hash'),
    isEmployee: boolean('is_employee').notNull().default(false),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index('users_dealer_id_idx').on(t.dealerId)],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    key: text('key').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('locations_dealer_key_unique').on(t.dealerId, t.key)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    section: text('section').notNull(),
    /** Region for Regional Consultants; null in the other sections. */
    groupName: text('group').$type<string | null>(),
    /** Position of the contact within its section (sections and groups keep the order of their first contact). */
    sort: integer('sort').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    phoneLabel: text('phone_label'),
  },
  (t) => [unique('contacts_section_sort_unique').on(t.section, t.sort)],
);

export const portalNotices = pgTable('portal_notices', {
  id: integer('id').primaryKey(),
  manufacturingComment: text('manufacturing_comment').notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    formId: text('form_id').notNull(),
    fileName: text('file_name').notNull().unique(),
    status: text('status').$type<OrderStatus>().notNull().default('initial'),
    isOrdered: boolean('is_ordered').notNull().default(false),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Lifecycle facts (spec 1 §3), filled as staff move the order; dates as yyyy-mm-dd.
    /** The manufacturer's job folder; shown as "Future Folder" while unprocessed. */
    folderName: text('folder_name'),
    /** Job name as the manufacturer files it, possibly with a bracketed prefix such as "(C) SMITH". */
    jobName: text('job_name'),
    detailer: text('detailer'),
    emailedOn: date('emailed_on', { mode: 'string' }),
    confirmation: date('confirmation', { mode: 'string' }),
    schedDate: date('sched_date', { mode: 'string' }),
    dateShipped: date('date_shipped', { mode: 'string' }),
    /** Ship-to address `{ streetAddress, cityStateZip }` given when shipped. */
    shipTo: jsonb('ship_to'),
    /**
     * The definitions version the order was checked with (issue 12): its text file, PDFs and drawings use that
     * version's labels and rules forever. Null for orders written outside the submit pipeline (the demo seed):
     * they read the version published when they were created (see services/definition-versions/order-version.ts).
     */
    definitionVersionId: integer('definition_version_id').references((): AnyPgColumn => definitionVersions.id),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('initial', 'unprocessed', 'processed', 'confirmed', 'shipped')`),
    index('orders_dealer_status_idx').on(t.dealerId, t.status),
    // The order desk's grid (issue 14): its default sort (newest first), alone and under each equality filter.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_dealer_created_idx').on(t.dealerId, t.createdAt, t.id),
    index('orders_form_created_idx').on(t.formId, t.createdAt, t.id),
  ],
);

export const parts = pgTable(
  'parts',
  {
    id: serial('id').primaryKey(),
    identifier: text('identifier').notNull().unique(),
    partNumber: text('part_number').notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    category1: text('category1'),
    category2: text('category2'),
    category3: text('category3'),
    uom: text('uom'),
    color: text('color'),
    size: text('size'),
    imageId: text('image_id'),
    manufacturingComment: text('manufacturing_comment'),
  },
  (t) => [index('parts_category1_idx').on(t.category1)],
);

/** What a dealer typed into a form and has not submitted yet: one per user and form, replaced on each save. */
export const drafts = pgTable(
  'drafts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    formId: text('form_id').notNull(),
    data: jsonb('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('drafts_user_form_unique').on(t.userId, t.formId)],
);

/**
 * Drafts a dealer set aside ("Start a new order", or restoring an older one over them): kept so nothing typed is lost,
 * the newest few per user and form (the repository trims the rest). savedAt is when the dealer last changed it.
 */
export const previousDrafts = pgTable(
  'previous_drafts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    formId: text('form_id').notNull(),
    data: jsonb('data').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    setAsideAt: timestamp('set_aside_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('previous_drafts_user_form_idx').on(t.userId, t.formId, t.setAsideAt)],
);

export const jobStatuses = ['pending', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Durable background work (drawings for now): written in the same transaction as what asked for it, claimed by a
 * worker with a row lock and a lease, retried with backoff, and picked up again after a restart.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** Who holds the job while it runs and until when; a lapsed lease (a worker that died) lets another take it. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
    index('jobs_claim_idx').on(t.status, t.runAfter),
  ],
);

/** Every lifecycle move of an order (and e-mailing a processed one): who, when, from and to. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status').$type<OrderStatus>().notNull(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    /** Username of the staff member, or `cli:<os user>` for the admin command. */
    actor: text('actor').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    /** The facts given with the move (detailer, dates, ship-to). */
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/**
 * Messages staff e-mailed about an order (issue 14): what was sent, to whom, how (the outbox folder or SMTP), so
 * every server shows the same list. The attachments are named with their sizes; the PDFs stay in the order's files.
 */
export const orderEmails = pgTable(
  'order_emails',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    transport: text('transport').$type<'outbox' | 'smtp'>().notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<{ filename: string; bytes: number }[]>().notNull(),
    /** Username of the staff member who sent it. */
    sentBy: text('sent_by').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_emails_order_idx').on(t.orderId, t.sentAt)],
);

/**
 * Shipped orders as order history shows them (spec 1 §3 past order). Separate from `orders` because history holds
 * the manufacturer's past records (100,000s per dealer, loosely typed) as well as orders shipped through the portal.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => dealers.id),
    /** The portal order it came from; null for past records. */
    orderId: integer('order_id').references(() => orders.id),
    folder: text('folder').notNull(),
    fileName: text('file_name').notNull(),
    jobName: text('job_name').notNull(),
    /** As recorded: yyyy-mm-dd, m/d/yy or other text. */
    dateShipped: text('date_shipped'),
    /** dateShipped read as a date, for sorting (null when it reads as none: undated rows go last). */
    shippedOn: date('shipped_on', { mode: 'string' }),
    /** Text, an object of address lines, null, {} or "." as recorded. */
    streetAddress: jsonb('street_address'),
    cityStateZip: jsonb('city_state_zip'),
  },
  (t) => [
    unique('order_history_dealer_file_unique').on(t.dealerId, t.fileName),
    index('order_history_dealer_shipped_idx').on(t.dealerId, t.shippedOn.desc().nullsLast(), t.id.desc()),
    index('order_history_dealer_folder_idx').on(t.dealerId, t.folder),
  ],
);

/** Furniture a dealer placed on an order's drawing pages: one row per order, all pages together. */
export const orderFurniture = pgTable('order_furniture', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  /** `{ "<image fileName>": [{ id, kind, x, y, rotation }] }`: contracts/furniture.ts FurniturePages (kinds: furnitureKinds). */
  pages: jsonb('pages').notNull().default({}),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const catalogueKinds = ['spare-parts', 'marketing', 'display', 'transom', 'door', 'sash', 'glass'] as const;
export type CatalogueKind = (typeof catalogueKinds)[number];

/**
 * What dealers order from the catalogues (spec 3 §3 spare part): spare parts, marketing and display items, transoms,
 * doors, sash, and the glass price list (identifier = glass type, price per square foot). Apart from `parts`, which
 * holds the engineering price parts; the part number is the natural key.
 */
export const catalogueParts = pgTable(
  'catalogue_parts',
  {
    id: serial('id').primaryKey(),
    catalogue: text('catalogue').$type<CatalogueKind>().notNull(),
    partNumber: text('part_number').notNull().unique(),
    /** Shown as the part's name; for doors the size identifier (35inx80in ...) the page maps. */
    identifier: text('identifier').notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    parentCategory: text('parent_category'),
    secondCategory: text('second_category'),
    thirdCategory: text('third_category'),
    uom: text('uom'),
    color: text('color'),
    size: text('size'),
    width: text('width'),
    imageId: text('image_id'),
    sashSet: text('sash_set'),
    glassType: text('glass_type'),
    windowWallStyle: text('window_wall_style'),
    windowHeight: text('window_height'),
    lockset: text('lockset'),
    hinges: text('hinges'),
    orientation: text('orientation'),
    displayNumber: text('display_number'),
    /** Listing order within a catalogue. */
    sort: integer('sort').notNull().default(0),
    /** Made by the demo seed; the manufacturer's own catalogue replaces it. */
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    check(
      'catalogue_parts_catalogue_check',
      sql`${t.catalogue} in ('spare-parts', 'marketing', 'display', 'transom', 'door', 'sash', 'glass')`,
    ),
    index('catalogue_parts_listing_idx').on(t.catalogue, t.parentCategory, t.secondCategory, t.thirdCategory, t.sort),
  ],
);

/** Product pictures by image id (GET /api/SpareParts/GetImage), base64 as the API answers them. */
export const productImages = pgTable('product_images', {
  imageId: text('image_id').primaryKey(),
  contentType: text('content_type').notNull(),
  contentBase64: text('content_base64').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The `Idempotency-Key` of each stored submit (IETF httpapi idempotency-key draft), written in the same transaction as
 * the order: a retry after a lost answer gets the first answer back instead of making a second order.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** sha256 of method, route, query and body: the same key with another request is refused, not replayed. */
    fingerprint: text('fingerprint').notNull(),
    /** The stored answer; null only inside the transaction that is still making it. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this the key is forgotten (deleted lazily by later submits). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('idempotency_keys_user_key_unique').on(t.userId, t.key),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

/**
 * One row per seed (`demo`): written when the seed starts, `completed_at` set last, so a start-up after an
 * interrupted seed (a kill halfway through 100,000 history rows) sees it unfinished and completes it.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  /** The sizes it was started with (history rows, spare parts), so the resumed run finishes the same seed. */
  options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

// ---- definitions as versioned data (issue 12) ------------------------------------------------------------------

/** One file of the definitions tree (`definitions/...` or `tests/golden/...`), stored once per content hash. */
export const definitionFiles = pgTable('definition_files', {
  /** sha256 (hex) of the UTF-8 content. */
  hash: text('hash').primaryKey(),
  content: text('content').notNull(),
  size: integer('size').notNull(),
});

/** An immutable manifest (file path -> content hash), named by the sha256 of its canonical form. */
export const definitionTrees = pgTable('definition_trees', {
  hash: text('hash').primaryKey(),
  manifest: jsonb('manifest').$type<Record<string, string>>().notNull(),
  fileCount: integer('file_count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const definitionVersionSources = ['deployment', 'publish', 'rollback'] as const;
export type DefinitionVersionSource = (typeof definitionVersionSources)[number];

/** A version: a tree with its parent, author, time and note. Rollback makes a new version whose tree is an older one's. */
export const definitionVersions = pgTable(
  'definition_versions',
  {
    id: serial('id').primaryKey(),
    treeHash: text('tree_hash')
      .notNull()
      .references(() => definitionTrees.hash),
    parentId: integer('parent_id'),
    /** Username, `deployment` for a tree imported from the deployed files, or `cli:<os user>`. */
    author: text('author').notNull(),
    note: text('note').notNull().default(''),
    source: text('source').$type<DefinitionVersionSource>().notNull(),
    /** The draft published as this version (source `publish`), or the version rolled back to (source `rollback`). */
    fromDraftId: integer('from_draft_id'),
    rolledBackTo: integer('rolled_back_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('definition_versions_source_check', sql`${t.source} in ('deployment', 'publish', 'rollback')`),
    index('definition_versions_tree_hash_idx').on(t.treeHash),
  ],
);

/** The version dealers get: one row (id 1), moved by publish, rollback and a new deployment. */
export const definitionPublished = pgTable('definition_published', {
  id: integer('id').primaryKey(),
  versionId: integer('version_id')
    .notNull()
    .references(() => definitionVersions.id),
  publishedBy: text('published_by').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const definitionDraftStatuses = ['open', 'published', 'discarded'] as const;
export type DefinitionDraftStatus = (typeof definitionDraftStatuses)[number];

/** A staff member's change set on top of a base version: path -> new content hash, or null for a deleted file. */
export const definitionDrafts = pgTable(
  'definition_drafts',
  {
    id: serial('id').primaryKey(),
    baseVersionId: integer('base_version_id')
      .notNull()
      .references(() => definitionVersions.id),
    author: text('author').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').$type<DefinitionDraftStatus>().notNull().default('open'),
    changes: jsonb('changes').$type<Record<string, string | null>>().notNull().default({}),
    /** Counts the edits, so a client can tell a draft it saw from a newer one. */
    revision: integer('revision').notNull().default(0),
    publishedVersionId: integer('published_version_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('definition_drafts_status_check', sql`${t.status} in ('open', 'published', 'discarded')`),
    index('definition_drafts_status_idx').on(t.status),
  ],
);

/** Every action on versions and drafts: who, when, what, note, and the details (paths, failing orders, hashes). */
export const definitionAudit = pgTable(
  'definition_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    versionId: integer('version_id'),
    draftId: integer('draft_id'),
    path: text('path'),
    note: text('note'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('definition_audit_at_idx').on(t.at)],
);

export const impactRunStatuses = ['pending', 'running', 'done', 'failed'] as const;
export type ImpactRunStatus = (typeof impactRunStatuses)[number];

/** An impact analysis of a draft (issue 12), run as a `definitions-impact` job: its progress and, once done, its report. */
export const definitionImpactRuns = pgTable(
  'definition_impact_runs',
  {
    id: serial('id').primaryKey(),
    draftId: integer('draft_id').notNull(),
    days: integer('days').notNull(),
    requestedBy: text('requested_by').notNull(),
    status: text('status').$type<ImpactRunStatus>().notNull().default('pending'),
    /** Orders replayed so far, of `total`. */
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    report: jsonb('report').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('definition_impact_runs_status_check', sql`${t.status} in ('pending', 'running', 'done', 'failed')`)],
);

/**
 * Failed local sign-ins per account (`account:<name>`) or caller address (`address:<ip>`), shared by every server:
 * the failures in the window that began at `window_started_at`, and the lockout they earned.
 */
/** Sign-in attempts per address and route in the current minute (@fastify/rate-limit's store), shared by every server. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_attempts_window_idx').on(t.windowStartedAt)],
);

export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_failures_window_idx').on(t.windowStartedAt)],
);
