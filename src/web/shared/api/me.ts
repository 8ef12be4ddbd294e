import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './api-client';
import { useLoggedFailure } from './use-logged-failure';
import type { MeAnswer } from '../../../contracts/me';

export type { MeAnswer };

/** Roles that open the definitions workbench: `definitions` edits drafts, `publisher` publishes and rolls back. */
export const workbenchRoles = ['definitions', 'publisher'] as const;

/** The role that opens the order desk (/Staff/Orders): order-desk staff who move every dealer's orders. */
export const orderDeskRoles = ['staff'] as const;

/** GET /api/me: the signed-in user's username, display name and roles. */
export function getMe(): Promise<MeAnswer> {
  return getJson<MeAnswer>('/api/me');
}

// Signing out clears the whole query cache, so the next user never sees this answer.
export const meQuery = queryOptions({ queryKey: ['me'], queryFn: getMe });

/** Who is signed in; a failed load is logged and leaves `data` undefined. */
export function useMe() {
  const query = useQuery(meQuery);
  useLoggedFailure(query.error, 'signed-in user');
  return query;
}

/** Whether the user has at least one of the roles (what the page shows; the server decides what it does). */
export function hasAnyRole(me: MeAnswer | undefined, roles: readonly string[]): boolean {
  return me !== undefined && roles.some((role) => me.roles.includes(role));
}
