import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { useLoggedFailure } from '../../../shared/api/use-logged-failure';

export interface Contact {
  name: string;
  title: string;
  phone: string;
  email: string;
  phoneLabel?: string;
}

/** A run of contacts: a region of Regional Consultants, or the whole of another section (name null). */
export interface ContactGroup {
  name: string | null;
  contacts: Contact[];
}

export interface ContactSection {
  name: string;
  groups: ContactGroup[];
}

/** GET /api/ContactList: the manufacturer's contact directory. */
export async function getContactList(): Promise<ContactSection[]> {
  const body = await getJson<{ sections: ContactSection[] }>('/api/ContactList');
  return body.sections;
}

export const contactListQuery = queryOptions({ queryKey: ['contact-list'], queryFn: getContactList });

export function useContactList() {
  const query = useQuery(contactListQuery);
  useLoggedFailure(query.error, 'contact directory');
  return query;
}
