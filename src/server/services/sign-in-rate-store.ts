/** @fastify/rate-limit's store kept in the database: sign-in attempts per address and route, counted on every server. */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { signInAttempts } from '../db/schema';

/** What the plugin expects back from `incr`: hits in the window so far and ms until it ends. */
interface WindowCount {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: WindowCount) => void;

/** The route a child store counts for (the plugin passes its route options). */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Windows that ended this long ago are deleted, a few per attempt (lazy clean-up, no job needed). */
const cleanUpBatch = 50;

interface HitRow extends Record<string, unknown> {
  hits: number;
  window_started_at: Date | string;
}

/**
 * One atomic INSERT ... ON CONFLICT per attempt: a window that has ended starts again at 1. Times come from `now` (the
 * server's clock, NTP-close across servers), as the sign-in limiter's do.
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
  now: () => number = Date.now,
): Promise<WindowCount> {
  const at = new Date(now());
  const lapsed = sql`${signInAttempts.windowStartedAt} <= ${new Date(at.getTime() - windowMs)}`;
  const result = await db.execute<HitRow>(
    sql`insert into ${signInAttempts} (key, hits, window_started_at) values (${key}, 1, ${at})
        on conflict (key) do update set
          hits = case when ${lapsed} then 1 else ${signInAttempts.hits} + 1 end,
          window_started_at = case when ${lapsed} then ${at}::timestamptz else ${signInAttempts.windowStartedAt} end
        returning hits, window_started_at`,
  );
  const row = result.rows[0];
  const startedAt = new Date(row.window_started_at).getTime();
  await db.execute(
    sql`delete from ${signInAttempts} where ${signInAttempts.key} in (select ${signInAttempts.key} from ${signInAttempts} where ${signInAttempts.windowStartedAt} < ${new Date(at.getTime() - 2 * windowMs)} limit ${cleanUpBatch} for update skip locked)`,
  );
  return { current: Number(row.hits), ttl: Math.max(0, startedAt + windowMs - at.getTime()) };
}

/** The store class the plugin instantiates (`store:` option), bound to the database; one key space per route. */
export function databaseRateLimitStore(db: Database, now: () => number = Date.now) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the root store with its global options; children get their route's prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'attempts:';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countAttempt(db, `${this.prefix}${key}`, timeWindow, now).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(params: object): DatabaseRateLimitStore {
      const route = (params as ChildParams).routeInfo;
      return new DatabaseRateLimitStore(`attempts:${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}:`);
    }
  };
}
