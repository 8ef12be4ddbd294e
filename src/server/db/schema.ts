import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

export const productLines = ['SUNROOMS', 'PATIO COVERS'] as const;
export type ProductLine = (typeof productLines)[number];

export const orderStatuses = ['initial', 'unprocessed', 'processed', 'confirmed', 'shipped'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

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
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
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
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('initial', 'unprocessed', 'processed', 'confirmed', 'shipped')`),
    index('orders_dealer_status_idx').on(t.dealerId, t.status),
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
