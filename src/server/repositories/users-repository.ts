import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { users } from '../db/schema';
import type { Principal } from '../types';

const principalColumns = {
  userId: users.id,
  dealerId: users.dealerId,
  username: users.username,
  displayName: users.displayName,
  roles: users.roles,
  isEmployee: users.isEmployee,
};

/** The principal for a token subject (`oid` ?? `sub`), or undefined when no user has that external id. */
export async function findPrincipalByExternalId(db: Database, externalId: string): Promise<Principal | undefined> {
  const [row] = await db.select(principalColumns).from(users).where(eq(users.externalId, externalId)).limit(1);
  return row;
}

/** What the local sign-in needs to check a password and issue a token. */
export async function findUserForSignIn(db: Database, username: string) {
  const [row] = await db
    .select({ ...principalColumns, externalId: users.externalId, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return row;
}

/** Accounts listed on the local sign-in page, in id order. */
export async function listLocalAccounts(db: Database) {
  return db.select({ username: users.username, displayName: users.displayName }).from(users).orderBy(users.id);
}
