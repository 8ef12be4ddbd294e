import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const keyLength = 64;
const cost = { N: 16384, r: 8, p: 1 } as const;

function deriveKey(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64url parts) so the cost can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let dummyHash: Promise<string> | undefined;

/**
 * Compares in constant time; a missing or malformed stored hash never matches, but costs the same scrypt run
 * (against a dummy hash) so the answer time does not tell whether a username exists.
 */
export async function isPasswordCorrect(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  const isWellFormed = parts !== undefined && parts.length === 6 && parts[0] === 'scrypt';
  if (!isWellFormed) {
    dummyHash ??= hashPassword('no such user');
    await isPasswordCorrect(password, await dummyHash);
    return false;
  }
  const [, n, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64url');
  const actual = await deriveKey(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
