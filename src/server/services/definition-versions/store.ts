/** The SQL of definition versions: files by hash, trees, versions, the published pointer, drafts, audit rows. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  definitionAudit,
  definitionDrafts,
  definitionFiles,
  definitionPublished,
  definitionTrees,
  definitionVersions,
  type DefinitionDraftStatus,
  type DefinitionVersionSource,
} from '../../db/schema';
import { sortManifest, treeHashOf, type Manifest, type TreeFiles } from './tree';

/** A transaction or the database: every function here runs in the caller's transaction when given one. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface VersionRow {
  id: number;
  treeHash: string;
  parentId: number | null;
  author: string;
  note: string;
  source: DefinitionVersionSource;
  fromDraftId: number | null;
  rolledBackTo: number | null;
  createdAt: Date;
}

export interface DraftRow {
  id: number;
  baseVersionId: number;
  author: string;
  note: string;
  status: DefinitionDraftStatus;
  changes: Record<string, string | null>;
  revision: number;
  publishedVersionId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AuditEntry {
  actor: string;
  action: string;
  versionId?: number | null;
  draftId?: number | null;
  path?: string | null;
  note?: string | null;
  details?: Record<string, unknown>;
}

/** Serialises everything that creates a version or moves the published pointer (all servers on one database). */
export async function lockVersions(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(120012)`);
}

/** Stores the files not stored yet (by hash) and the tree; returns the tree's hash. */
export async function storeTree(tx: Executor, tree: TreeFiles): Promise<string> {
  const manifest = sortManifest(tree.manifest);
  const hash = treeHashOf(manifest);
  const [known] = await tx
    .select({ hash: definitionTrees.hash })
    .from(definitionTrees)
    .where(eq(definitionTrees.hash, hash));
  if (known) return hash;
  const wanted = [...new Set(Object.values(manifest))];
  const stored = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await tx
      .select({ hash: definitionFiles.hash })
      .from(definitionFiles)
      .where(inArray(definitionFiles.hash, wanted.slice(i, i + 500)));
    for (const row of rows) stored.add(row.hash);
  }
  const missing = wanted.filter((h) => !stored.has(h));
  for (let i = 0; i < missing.length; i += 200) {
    const values = missing.slice(i, i + 200).map((h) => {
      const content = tree.contents.get(h);
      if (content === undefined) throw new Error(`the content of ${h} is missing`);
      return { hash: h, content, size: Buffer.byteLength(content, 'utf8') };
    });
    await tx.insert(definitionFiles).values(values).onConflictDoNothing();
  }
  await tx
    .insert(definitionTrees)
    .values({ hash, manifest, fileCount: Object.keys(manifest).length })
    .onConflictDoNothing();
  return hash;
}

/** Stores one file's content (once per hash). */
export async function storeFile(tx: Executor, hash: string, content: string): Promise<void> {
  await tx
    .insert(definitionFiles)
    .values({ hash, content, size: Buffer.byteLength(content, 'utf8') })
    .onConflictDoNothing();
}

export async function readManifest(db: Executor, treeHash: string): Promise<Manifest | undefined> {
  const [row] = await db
    .select({ manifest: definitionTrees.manifest })
    .from(definitionTrees)
    .where(eq(definitionTrees.hash, treeHash));
  return row ? sortManifest(row.manifest) : undefined;
}

/** Contents by hash (the ones asked for that are stored). */
export async function readContents(db: Executor, hashes: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(hashes)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .select({ hash: definitionFiles.hash, content: definitionFiles.content })
      .from(definitionFiles)
      .where(inArray(definitionFiles.hash, unique.slice(i, i + 500)));
    for (const row of rows) out.set(row.hash, row.content);
  }
  return out;
}

export async function insertVersion(tx: Executor, values: Omit<VersionRow, 'id' | 'createdAt'>): Promise<VersionRow> {
  const [row] = await tx.insert(definitionVersions).values(values).returning();
  return row as VersionRow;
}

export async function findVersion(db: Executor, id: number): Promise<VersionRow | undefined> {
  const [row] = await db.select().from(definitionVersions).where(eq(definitionVersions.id, id));
  return row as VersionRow | undefined;
}

/**
 * The version published at a moment: the newest version made by then (every version is published when it is made),
 * else the first version (for moments older than every version). Undefined only on a database without versions.
 */
export async function findVersionPublishedAt(db: Executor, at: Date): Promise<number | undefined> {
  const [before] = await db
    .select({ id: definitionVersions.id })
    .from(definitionVersions)
    .where(sql`${definitionVersions.createdAt} <= ${at.toISOString()}`)
    .orderBy(desc(definitionVersions.createdAt), desc(definitionVersions.id))
    .limit(1);
  if (before) return before.id;
  const [first] = await db
    .select({ id: definitionVersions.id })
    .from(definitionVersions)
    .orderBy(definitionVersions.id)
    .limit(1);
  return first?.id;
}

export async function findVersionByTree(db: Executor, treeHash: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(definitionVersions)
    .where(eq(definitionVersions.treeHash, treeHash))
    .orderBy(definitionVersions.id)
    .limit(1);
  return row as VersionRow | undefined;
}

export async function hasVersionWithTree(db: Executor, treeHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: definitionVersions.id })
    .from(definitionVersions)
    .where(eq(definitionVersions.treeHash, treeHash))
    .limit(1);
  return !!row;
}

/** Versions, newest first, with their file counts. */
export async function listVersions(db: Executor, limit = 200): Promise<(VersionRow & { fileCount: number })[]> {
  const rows = await db
    .select({
      id: definitionVersions.id,
      treeHash: definitionVersions.treeHash,
      parentId: definitionVersions.parentId,
      author: definitionVersions.author,
      note: definitionVersions.note,
      source: definitionVersions.source,
      fromDraftId: definitionVersions.fromDraftId,
      rolledBackTo: definitionVersions.rolledBackTo,
      createdAt: definitionVersions.createdAt,
      fileCount: definitionTrees.fileCount,
    })
    .from(definitionVersions)
    .innerJoin(definitionTrees, eq(definitionTrees.hash, definitionVersions.treeHash))
    .orderBy(desc(definitionVersions.id))
    .limit(limit);
  return rows as (VersionRow & { fileCount: number })[];
}

export interface PublishedPointer {
  versionId: number;
  treeHash: string;
  publishedBy: string;
  publishedAt: Date;
}

export async function readPublished(db: Executor): Promise<PublishedPointer | undefined> {
  const [row] = await db
    .select({
      versionId: definitionPublished.versionId,
      treeHash: definitionVersions.treeHash,
      publishedBy: definitionPublished.publishedBy,
      publishedAt: definitionPublished.publishedAt,
    })
    .from(definitionPublished)
    .innerJoin(definitionVersions, eq(definitionVersions.id, definitionPublished.versionId))
    .where(eq(definitionPublished.id, 1));
  return row;
}

/** LISTEN/NOTIFY channel every server listens on (published-watcher.ts); the payload is the version id. */
export const publishedChannel = 'definitions_published';

export async function setPublished(tx: Executor, versionId: number, publishedBy: string): Promise<void> {
  await tx
    .insert(definitionPublished)
    .values({ id: 1, versionId, publishedBy })
    .onConflictDoUpdate({ target: definitionPublished.id, set: { versionId, publishedBy, publishedAt: sql`now()` } });
  // Delivered at commit (never for a rolled-back publish): the other servers load the new version at once.
  await tx.execute(sql`select pg_notify(${publishedChannel}, ${String(versionId)})`);
}

export async function insertDraft(
  tx: Executor,
  values: { baseVersionId: number; author: string; note: string; changes?: Record<string, string | null> },
): Promise<DraftRow> {
  const [row] = await tx
    .insert(definitionDrafts)
    .values({ ...values, changes: values.changes ?? {} })
    .returning();
  return row as DraftRow;
}

/** The draft, locked until the transaction ends when `forUpdate` (two edits of one draft take turns). */
export async function findDraft(db: Executor, id: number, forUpdate = false): Promise<DraftRow | undefined> {
  const query = db.select().from(definitionDrafts).where(eq(definitionDrafts.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row as DraftRow | undefined;
}

export async function listDrafts(db: Executor, status?: DefinitionDraftStatus): Promise<DraftRow[]> {
  const query = db.select().from(definitionDrafts);
  const rows = status
    ? await query.where(eq(definitionDrafts.status, status)).orderBy(desc(definitionDrafts.id))
    : await query.orderBy(desc(definitionDrafts.id));
  return rows as DraftRow[];
}

export async function updateDraft(
  tx: Executor,
  id: number,
  values: Partial<Pick<DraftRow, 'changes' | 'revision' | 'status' | 'publishedVersionId'>>,
): Promise<DraftRow> {
  const [row] = await tx
    .update(definitionDrafts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(definitionDrafts.id, id)))
    .returning();
  return row as DraftRow;
}

export async function insertAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(definitionAudit).values({
    actor: entry.actor,
    action: entry.action,
    versionId: entry.versionId ?? null,
    draftId: entry.draftId ?? null,
    path: entry.path ?? null,
    note: entry.note ?? null,
    details: entry.details ?? {},
  });
}

export interface AuditFilter {
  limit: number;
  draftId?: number;
  versionId?: number;
  action?: string;
}

export async function listAudit(db: Executor, filter: AuditFilter) {
  const conditions = [
    filter.draftId !== undefined ? eq(definitionAudit.draftId, filter.draftId) : undefined,
    filter.versionId !== undefined ? eq(definitionAudit.versionId, filter.versionId) : undefined,
    filter.action !== undefined ? eq(definitionAudit.action, filter.action) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select()
    .from(definitionAudit)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(definitionAudit.id))
    .limit(filter.limit);
}
