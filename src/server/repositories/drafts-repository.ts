import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { drafts } from '../db/schema';

export interface StoredDraft {
  data: unknown;
  updatedAt: Date;
}

export async function findDraft(db: Database, userId: number, formId: string): Promise<StoredDraft | undefined> {
  const [row] = await db
    .select({ data: drafts.data, updatedAt: drafts.updatedAt })
    .from(drafts)
    .where(and(eq(drafts.userId, userId), eq(drafts.formId, formId)))
    .limit(1);
  return row;
}

/** Insert or replace the user's draft of a form (one row per user and form). */
export async function saveDraft(db: Database, userId: number, formId: string, data: unknown): Promise<void> {
  await db
    .insert(drafts)
    .values({ userId, formId, data })
    .onConflictDoUpdate({ target: [drafts.userId, drafts.formId], set: { data, updatedAt: sql`now()` } });
}

export async function deleteDraft(db: Database, userId: number, formId: string): Promise<void> {
  await db.delete(drafts).where(and(eq(drafts.userId, userId), eq(drafts.formId, formId)));
}
