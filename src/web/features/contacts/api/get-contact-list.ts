import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { useLoggedFailure } from '../../../shared/api/use-logged-failure';
import type { Contact, ContactGroup, ContactListAnswer, ContactSection } from '../../../../contracts/dealer';

export type { Contact, ContactGroup, ContactSection };

/** GET /api/ContactList: the manufacturer's contact directory. */
export async function getContactList(): Promise<ContactSection[]> {
  const body = await getJson<ContactListAnswer>('/api/ContactList');
  return body.sections;
}

export const contactListQuery = queryOptions({ queryKey: ['contact-list'], queryFn: getContactList });

export function useContactList() {
  const query = useQuery(contactListQuery);
  useLoggedFailure(query.error, 'contact directory');
  return query;
}
