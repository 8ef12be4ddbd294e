/** Failed sign-ins by account and by address, and whether either is locked out for now. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { signInFailures } from '../db/schema';

export interface SignInLimiter {
  /** Seconds until the account or the address may try again, or undefined when neither is locked. */
  lockedFor(account: string, address: string): Promise<number | undefined>;
  recordFailure(account: string, address: string): Promise<void>;
  /** A good password clears the account's failures (not the address's: one good account must not unlock guessing). */
  recordSuccess(account: string): Promise<void>;
}

export interface SignInLimits {
  /** Failed attempts on one account within `failureWindowMs` that lock it. */
  maxFailuresPerAccount: number;
  /** Failed attempts from one address within `failureWindowMs` that lock it (any accounts). */
  maxFailuresPerAddress: number;
  failureWindowMs: number;
  lockoutMs: number;
}

/** Rows with neither a window nor a lockout running deleted per recorded failure (lazy clean-up, no job needed). */
const cleanUpBatch = 100;

interface LockRow extends Record<string, unknown> {
  locked_until: Date | string | null;
}

const accountKey = (account: string) => `account:${account.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Kept in the database (`sign_in_failures`), so a lockout earned through one server holds on every other; on PGlite
 * too (one code path; a sign-in costs an scrypt run, next to which the two statements are nothing). Each failure is
 * one atomic INSERT ... ON CONFLICT: concurrent failures on several servers all count. Times come from `now` (the
 * server's clock, NTP-close across servers; tests pass their own). Usernames are compared trimmed and
 * case-insensitively, as the sign-in looks them up.
 */
export function createDatabaseSignInLimiter(
  db: Database,
  limits: SignInLimits,
  now: () => number = Date.now,
): SignInLimiter {
  const fail = async (key: string, max: number, at: Date) => {
    const windowStart = new Date(at.getTime() - limits.failureWindowMs);
    const lockedUntil = new Date(at.getTime() + limits.lockoutMs);
    // The count in a window that lapsed starts again at 1; reaching the maximum locks and starts a new window.
    const count = sql`(case when ${signInFailures.windowStartedAt} <= ${windowStart} then 1 else ${signInFailures.failures} + 1 end)`;
    await db
      .insert(signInFailures)
      .values({ key, failures: max <= 1 ? 0 : 1, windowStartedAt: at, lockedUntil: max <= 1 ? lockedUntil : null })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          failures: sql`case when ${count} >= ${max} then 0 else ${count} end`,
          windowStartedAt: sql`case when ${count} >= ${max} or ${signInFailures.windowStartedAt} <= ${windowStart} then ${at}::timestamptz else ${signInFailures.windowStartedAt} end`,
          lockedUntil: sql`case when ${count} >= ${max} then ${lockedUntil}::timestamptz else ${signInFailures.lockedUntil} end`,
        },
      });
  };
  return {
    async lockedFor(account, address) {
      const at = now();
      const rows = await db.execute<LockRow>(
        sql`select ${signInFailures.lockedUntil} as locked_until from ${signInFailures} where ${signInFailures.key} in (${accountKey(account)}, ${addressKey(address)}) and ${signInFailures.lockedUntil} > ${new Date(at)}`,
      );
      const seconds = rows.rows.map((row) =>
        Math.ceil((new Date(row.locked_until as Date | string).getTime() - at) / 1000),
      );
      return seconds.length > 0 ? Math.max(...seconds) : undefined;
    },
    async recordFailure(account, address) {
      const at = new Date(now());
      await fail(accountKey(account), limits.maxFailuresPerAccount, at);
      await fail(addressKey(address), limits.maxFailuresPerAddress, at);
      await db.execute(
        sql`delete from ${signInFailures} where ${signInFailures.key} in (select ${signInFailures.key} from ${signInFailures} where ${signInFailures.windowStartedAt} < ${new Date(at.getTime() - limits.failureWindowMs)} and (${signInFailures.lockedUntil} is null or ${signInFailures.lockedUntil} < ${at}) limit ${cleanUpBatch} for update skip locked)`,
      );
    },
    async recordSuccess(account) {
      await db.delete(signInFailures).where(eq(signInFailures.key, accountKey(account)));
    },
  };
}
