import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { useLoggedFailure } from '../../../shared/api/use-logged-failure';
import type { ContactListAnswer, RefusalContact } from '../../../../contracts/index';

/** A person the page names in a message: name, phone, email (as a 997-999 refusal names one), and the title. */
export type NamedContact = RefusalContact & { title?: string };

/** The contacts the configurator names, by what they are for. */
export interface ConfiguratorContacts {
  /** 'There was an error with our system.' names customer service. */
  support: NamedContact | null;
  /** The summary asks for attachments by email to the design center. */
  attachments: NamedContact | null;
}

/** Picks the support and attachments contacts from the contact directory (first match by title, then section). */
export function pickConfiguratorContacts(answer: ContactListAnswer): ConfiguratorContacts {
  const all = answer.sections.flatMap((section) =>
    section.groups.flatMap((group) => group.contacts.map((contact) => ({ ...contact, section: section.name }))),
  );
  const find = (test: (c: (typeof all)[number]) => boolean) => {
    const found = all.find(test);
    return found ? { name: found.name, phone: found.phone, email: found.email, title: found.title } : null;
  };
  return {
    support: find((c) => /customer service/i.test(c.title ?? '')) ?? find((c) => /support/i.test(c.section)),
    attachments: find((c) => /design center/i.test(c.section)),
  };
}

/** GET /api/ContactList, reduced to the configurator's two contacts. */
export async function getConfiguratorContacts(): Promise<ConfiguratorContacts> {
  return pickConfiguratorContacts(await getJson<ContactListAnswer>('/api/ContactList'));
}

export function useConfiguratorContacts() {
  const query = useQuery(queryOptions({ queryKey: ['contacts', 'configurator'], queryFn: getConfiguratorContacts }));
  useLoggedFailure(query.error, 'configurator contacts');
  return query.data ?? { support: null, attachments: null };
}
