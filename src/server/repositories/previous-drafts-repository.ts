import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { drafts, previousDrafts } from '../db/schema';

/** How many set-aside drafts are kept per user and form (the oldest beyond this are dropped). */
export const previousDraftsKept = 10;

export interface PreviousDraftRow {
  id: number;
  data: unknown;
  savedAt: Date;
  setAsideAt: Date;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

/** The user's set-aside drafts of a form, newest first. */
export async function listPreviousDrafts(db: Database, userId: number, formId: string): Promise<PreviousDraftRow[]> {
  return db
    .select({
      id: previousDrafts.id,
      data: previousDrafts.data,
      savedAt: previousDrafts.savedAt,
      setAsideAt: previousDrafts.setAsideAt,
    })
    .from(previousDrafts)
    .where(and(eq(previousDrafts.userId, userId), eq(previousDrafts.formId, formId)))
    .orderBy(desc(previousDrafts.setAsideAt), desc(previousDrafts.id))
    .limit(previousDraftsKept);
}

/** Sets `data` aside (with when it was last changed) and trims the list to the newest `previousDraftsKept`. */
async function setAside(
  tx: Executor,
  userId: number,
  formId: string,
  data: Record<string, unknown>,
  savedAt: Date,
): Promise<PreviousDraftRow> {
  const [row] = await tx.insert(previousDrafts).values({ userId, formId, data, savedAt }).returning({
    id: previousDrafts.id,
    data: previousDrafts.data,
    savedAt: previousDrafts.savedAt,
    setAsideAt: previousDrafts.setAsideAt,
  });
  const kept = await tx
    .select({ id: previousDrafts.id })
    .from(previousDrafts)
    .where(and(eq(previousDrafts.userId, userId), eq(previousDrafts.formId, formId)))
    .orderBy(desc(previousDrafts.setAsideAt), desc(previousDrafts.id))
    .offset(previousDraftsKept);
  if (kept.length > 0) {
    await tx.delete(previousDrafts).where(
      inArray(
        previousDrafts.id,
        kept.map((entry) => entry.id),
      ),
    );
  }
  return row!;
}

/** The form's current draft's last change, or now when the page's copy was never saved. */
async function currentSavedAt(tx: Executor, userId: number, formId: string): Promise<Date> {
  const [row] = await tx
    .select({ updatedAt: drafts.updatedAt })
    .from(drafts)
    .where(and(eq(drafts.userId, userId), eq(drafts.formId, formId)))
    .limit(1);
  return row?.updatedAt ?? new Date();
}

/**
 * "Start a new order": sets aside what the page shows (`data`, when it holds answers) and forgets the current draft, in
 * one transaction, so a failure keeps both.
 */
export async function startNewDraft(
  db: Database,
  userId: number,
  formId: string,
  data: Record<string, unknown> | undefined,
): Promise<PreviousDraftRow | null> {
  return db.transaction(async (tx) => {
    const setAsideRow = data
      ? await setAside(tx, userId, formId, data, await currentSavedAt(tx, userId, formId))
      : null;
    await tx.delete(drafts).where(and(eq(drafts.userId, userId), eq(drafts.formId, formId)));
    return setAsideRow;
  });
}

/**
 * Restores a set-aside draft as the form's draft; what the page showed (`data`, when it holds answers) is set aside in
 * its place. Undefined when the id is not one of this user's drafts of this form.
 */
export async function restorePreviousDraft(
  db: Database,
  userId: number,
  formId: string,
  id: number,
  data: Record<string, unknown> | undefined,
): Promise<{ data: unknown; updatedAt: Date; setAside: PreviousDraftRow | null } | undefined> {
  return db.transaction(async (tx) => {
    const [restored] = await tx
      .delete(previousDrafts)
      .where(and(eq(previousDrafts.id, id), eq(previousDrafts.userId, userId), eq(previousDrafts.formId, formId)))
      .returning({ data: previousDrafts.data });
    if (!restored) return undefined;
    const setAsideRow = data
      ? await setAside(tx, userId, formId, data, await currentSavedAt(tx, userId, formId))
      : null;
    const [saved] = await tx
      .insert(drafts)
      .values({ userId, formId, data: restored.data })
      .onConflictDoUpdate({
        target: [drafts.userId, drafts.formId],
        set: { data: restored.data, updatedAt: sql`now()` },
      })
      .returning({ updatedAt: drafts.updatedAt });
    return { data: restored.data, updatedAt: saved!.updatedAt, setAside: setAsideRow };
  });
}
