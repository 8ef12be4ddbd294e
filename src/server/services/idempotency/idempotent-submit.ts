/**
 * Idempotent submits: the key is claimed in the transaction that stores the order and the answer is stored with it,
 * so a retry after a lost answer gets the first answer back, and a crash before the commit leaves neither.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';

/** How long a key is remembered: a page retries within minutes; a day covers a dealer retrying the next morning. */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;

/** How long a retry waits for the first request with its key to finish before it is told 409 'in progress'. */
export const inProgressWaitMs = 15_000;

/** Expired keys deleted per submit (lazy clean-up; no job needed). */
const cleanUpBatch = 100;

/** What a submit route answers. */
export interface SubmitAnswer {
  status: number;
  body: unknown;
}

export interface KeyClaim {
  userId: number;
  key: string;
  fingerprint: string;
}

export type IdempotentOutcome =
  | { kind: 'answered'; answer: SubmitAnswer; isReplay: boolean }
  /** The key was used before for a different request (method, route, query or body). */
  | { kind: 'key-reused' }
  /** The first request with this key is still running after inProgressWaitMs. */
  | { kind: 'in-progress' };

/** Rolls the claim back with the answer of a submit that stored nothing (4xx): the key stays free. */
class NotStored extends Error {
  constructor(readonly answer: SubmitAnswer) {
    super('submit not stored');
  }
}

function isLockTimeout(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | undefined)?.code === '55P03');
}

const isStored = (status: number) => status >= 200 && status < 300;

/**
 * Runs `submit` inside one transaction that first claims (user, key). A second request with the same key waits for
 * the first (the unique index holds it) and then replays its stored answer; after inProgressWaitMs it gets
 * 'in-progress'. Only 2xx answers are stored; any other answer rolls the claim back with whatever the submit wrote.
 */
export async function submitIdempotently(
  db: Database,
  claim: KeyClaim,
  submit: (tx: Database) => Promise<SubmitAnswer>,
): Promise<IdempotentOutcome> {
  let isClaiming = false;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`delete from ${idempotencyKeys} where ${idempotencyKeys.userId} = ${claim.userId} and ${idempotencyKeys.key} = ${claim.key} and ${idempotencyKeys.expiresAt} < now()`,
      );
      await tx.execute(
        sql`delete from ${idempotencyKeys} where ${idempotencyKeys.id} in (select ${idempotencyKeys.id} from ${idempotencyKeys} where ${idempotencyKeys.expiresAt} < now() order by ${idempotencyKeys.expiresAt} limit ${cleanUpBatch} for update skip locked)`,
      );
      isClaiming = true;
      await tx.execute(sql.raw(`set local lock_timeout = ${inProgressWaitMs}`));
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({
          userId: claim.userId,
          key: claim.key,
          fingerprint: claim.fingerprint,
          expiresAt: new Date(Date.now() + idempotencyKeyLifetimeMs),
        })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      await tx.execute(sql.raw('set local lock_timeout to default'));
      isClaiming = false;

      if (claimed.length === 0) {
        const [first] = await tx
          .select({
            fingerprint: idempotencyKeys.fingerprint,
            status: idempotencyKeys.responseStatus,
            body: idempotencyKeys.responseBody,
          })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
        if (first && first.fingerprint !== claim.fingerprint) return { kind: 'key-reused' } as const;
        if (!first || first.status === null) return { kind: 'in-progress' } as const;
        return { kind: 'answered', answer: { status: first.status, body: first.body }, isReplay: true } as const;
      }

      const answer = await submit(tx as unknown as Database);
      if (!isStored(answer.status)) throw new NotStored(answer);
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: answer.status, responseBody: answer.body ?? null })
        .where(eq(idempotencyKeys.id, claimed[0].id));
      return { kind: 'answered', answer, isReplay: false } as const;
    });
  } catch (error) {
    if (error instanceof NotStored) return { kind: 'answered', answer: error.answer, isReplay: false };
    if (isClaiming && isLockTimeout(error)) return { kind: 'in-progress' };
    throw error;
  }
}
