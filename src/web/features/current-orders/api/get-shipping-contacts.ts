import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/api-client';
import { useLoggedFailure } from '../../../shared/api/use-logged-failure';
import type { Contact, ContactListAnswer } from '../../../../contracts/dealer';

export type ShippingContact = Pick<Contact, 'name' | 'phone'>;

/** The people of the contact directory's Shipping Department, for the Confirmed tab's footer. */
export async function getShippingContacts(): Promise<ShippingContact[]> {
  const body = await getJson<ContactListAnswer>('/api/ContactList');
  const section = body.sections.find((candidate) => candidate.name === 'Shipping Department');
  return (section?.groups ?? []).flatMap((group) => group.contacts.map(({ name, phone }) => ({ name, phone })));
}

export const shippingContactsQuery = queryOptions({
  queryKey: ['contact-list', 'shipping'],
  queryFn: getShippingContacts,
});

export function useShippingContacts() {
  const query = useQuery(shippingContactsQuery);
  useLoggedFailure(query.error, 'shipping contacts');
  return query;
}
