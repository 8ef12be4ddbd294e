import { asc } from 'drizzle-orm';
import type { Contact as ContactEntry, ContactSection } from '../../contracts/dealer';
import type { Database } from '../db/database';
import { contacts, portalNotices } from '../db/schema';

export async function listPortalNotices(db: Database): Promise<{ manufacturingComment: string }[]> {
  return db
    .select({ manufacturingComment: portalNotices.manufacturingComment })
    .from(portalNotices)
    .orderBy(asc(portalNotices.id));
}

/** The directory grouped by section, then group, keeping the order of each one's first contact. */
export async function listContactSections(db: Database): Promise<ContactSection[]> {
  const rows = await db.select().from(contacts).orderBy(asc(contacts.sort), asc(contacts.id));
  const sections: ContactSection[] = [];
  for (const row of rows) {
    let section = sections.find((s) => s.name === row.section);
    if (!section) sections.push((section = { name: row.section, groups: [] }));
    let group = section.groups.find((g) => g.name === row.groupName);
    if (!group) section.groups.push((group = { name: row.groupName, contacts: [] }));
    const entry: ContactEntry = { name: row.name, title: row.title, phone: row.phone, email: row.email };
    if (row.phoneLabel) entry.phoneLabel = row.phoneLabel;
    group.contacts.push(entry);
  }
  return sections;
}
