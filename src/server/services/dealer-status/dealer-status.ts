/** Whether the caller may order a product family: spec 2 §6/§8 and spec 3 §6/§8 status codes 999, 998, 997. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contacts } from '../../db/schema';
import { findDealer } from '../../repositories/dealers-repository';
import type { Principal } from '../../types';

export interface RefusalContact {
  name: string;
  phone: string;
  email: string;
}

/** The answer to a refused submission: the spec's text and the contact the page shows beside it. */
export interface DealerRefusal {
  status: 999 | 998 | 997;
  message: string;
  contact: RefusalContact | null;
}

export const refusalMessages = {
  onHold: 'You are currently on hold. Please contact',
  employee: 'You are currently logged on as a TEMO Employee. TEMO Employees cannot order.',
  onlyPatioCovers: 'You are only allowed to Order Patio Covers and Pergolas',
  onlySunrooms: 'You are only allowed to Order Sunrooms',
} as const;

/**
 * Who the page names, by title in the contact directory: the credit manager for a dealer on hold (spec 2 §8);
 * for the product-line refusal the spec says only "a contact for more information": we name the Director of Sales.
 */
export const refusalContactTitles = { onHold: 'Credit Manager', productLine: 'Director of Sales' } as const;

async function findContactByTitle(db: Database, title: string): Promise<RefusalContact | null> {
  const [row] = await db
    .select({ name: contacts.name, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.title, title))
    .orderBy(contacts.sort)
    .limit(1);
  return row ?? null;
}

/**
 * The first reason the caller may not order a form that dealers of `productLines` may order (the definition's
 * `submit.productLines`), checked in the spec's order: dealer on hold (999), manufacturer employee (998), product line
 * (997, worded by the dealer's own line); undefined when ordering is allowed.
 */
export async function findDealerRefusal(
  db: Database,
  principal: Principal,
  productLines: readonly string[],
): Promise<DealerRefusal | undefined> {
  const dealer = await findDealer(db, principal.dealerId);
  if (dealer?.isOnHold) {
    return {
      status: 999,
      message: refusalMessages.onHold,
      contact: await findContactByTitle(db, refusalContactTitles.onHold),
    };
  }
  if (principal.isEmployee) return { status: 998, message: refusalMessages.employee, contact: null };
  if (dealer && !productLines.includes(dealer.productLine)) {
    const message =
      dealer.productLine === 'PATIO COVERS' ? refusalMessages.onlyPatioCovers : refusalMessages.onlySunrooms;
    return { status: 997, message, contact: await findContactByTitle(db, refusalContactTitles.productLine) };
  }
  return undefined;
}
