import { useMe } from '../../shared/api/me';

/** What the signed-in user may do here (the server enforces the same: 403 otherwise). */
export interface WorkbenchRoles {
  /** `definitions`: opens drafts, changes their files, discards them, starts impact analyses. */
  canEdit: boolean;
  /** `publisher`: publishes drafts and rolls back. */
  canPublish: boolean;
  username: string | undefined;
}

export function useWorkbenchRoles(): WorkbenchRoles {
  const me = useMe().data;
  return {
    canEdit: me?.roles.includes('definitions') ?? false,
    canPublish: me?.roles.includes('publisher') ?? false,
    username: me?.username,
  };
}

/** Why a button is disabled for lack of a role, in one sentence. */
export const roleReasons = {
  publish: 'Only staff with the publisher role can publish or roll back. Ask a publisher (e.g. temo.staff) to do it.',
  edit: 'Only staff with the definitions role can change drafts.',
} as const;
