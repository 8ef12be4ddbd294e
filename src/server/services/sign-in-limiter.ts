/** Failed sign-ins by account and by address, and whether either is locked out for now. */
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

interface Entry {
  failures: number[];
  lockedUntil: number;
}

// Bounds the memory a flood of made-up usernames can take; the oldest entries go first.
const maxEntries = 100_000;

/**
 * Kept in this process (one server); the interface lets a later version keep the counts in the database for
 * several servers. Usernames are compared trimmed and case-insensitively, as the sign-in looks them up.
 */
export function createMemorySignInLimiter(limits: SignInLimits, now: () => number = Date.now): SignInLimiter {
  const entries = new Map<string, Entry>();

  const secondsLocked = (key: string): number | undefined => {
    const entry = entries.get(key);
    const left = entry ? entry.lockedUntil - now() : 0;
    return left > 0 ? Math.ceil(left / 1000) : undefined;
  };
  const fail = (key: string, max: number) => {
    const at = now();
    const entry = entries.get(key) ?? { failures: [], lockedUntil: 0 };
    entries.delete(key); // re-inserted last: the map stays ordered by last use
    entry.failures = entry.failures.filter((t) => t > at - limits.failureWindowMs);
    entry.failures.push(at);
    if (entry.failures.length >= max) {
      entry.lockedUntil = at + limits.lockoutMs;
      entry.failures = [];
    }
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };
  const accountKey = (account: string) => `account:${account.trim().toLowerCase()}`;
  const addressKey = (address: string) => `address:${address}`;

  return {
    async lockedFor(account, address) {
      const seconds = [secondsLocked(accountKey(account)), secondsLocked(addressKey(address))].filter(
        (s) => s !== undefined,
      );
      return seconds.length > 0 ? Math.max(...seconds) : undefined;
    },
    async recordFailure(account, address) {
      fail(accountKey(account), limits.maxFailuresPerAccount);
      fail(addressKey(address), limits.maxFailuresPerAddress);
    },
    async recordSuccess(account) {
      entries.delete(accountKey(account));
    },
  };
}
