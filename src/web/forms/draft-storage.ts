import axios from 'axios';
import type { PreviousDraft, PreviousDrafts, RestoredDraft, StartedNew } from '../../contracts/forms';
import { apiClient } from '../shared/api/api-client';

/** A saved draft: the form data and when it was saved (ISO time). */
export interface Draft {
  data: Record<string, unknown>;
  updatedAt: string;
}

/** The subset of Storage the drafts need (localStorage in the page, a Map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyPrefix = 'dealer-portal.draft.';

/** The localStorage key of a draft (draftKey names the form and the signed-in user). */
export function localDraftKey(draftKey: string): string {
  return `${keyPrefix}${draftKey}`;
}

/** The draft kept in this browser, or null (absent or unreadable). */
export function readLocalDraft(storage: DraftStorage | undefined, draftKey: string): Draft | null {
  try {
    const text = storage?.getItem(localDraftKey(draftKey));
    if (!text) return null;
    const draft = JSON.parse(text) as Partial<Draft>;
    return isDraft(draft) ? draft : null;
  } catch {
    return null;
  }
}

/** Keeps the draft in this browser at once (a full quota is not worth losing the form over). */
export function writeLocalDraft(storage: DraftStorage | undefined, draftKey: string, draft: Draft): void {
  try {
    storage?.setItem(localDraftKey(draftKey), JSON.stringify(draft));
  } catch (error) {
    console.error('The draft could not be kept in this browser', error);
  }
}

export function removeLocalDraft(storage: DraftStorage | undefined, draftKey: string): void {
  try {
    storage?.removeItem(localDraftKey(draftKey));
  } catch {
    // Nothing to remove.
  }
}

/** The newer of two drafts (the local one when equally new: it is what this browser last showed). */
export function pickNewerDraft(local: Draft | null, server: Draft | null): Draft | null {
  if (!local) return server;
  if (!server) return local;
  return Date.parse(server.updatedAt) > Date.parse(local.updatedAt) ? server : local;
}

/** GET /api/drafts/:form: the signed-in user's draft on the server, or null (none kept: 204; or unreachable). */
export async function fetchServerDraft(form: string): Promise<Draft | null> {
  try {
    const response = await apiClient.get<Draft>(`/api/drafts/${encodeURIComponent(form)}`);
    return isDraft(response.data) ? response.data : null;
  } catch (error) {
    if (!(axios.isAxiosError(error) && error.response?.status === 404))
      console.error('The saved draft could not be read', error);
    return null;
  }
}

/** PUT /api/drafts/:form. */
export async function saveServerDraft(form: string, data: Record<string, unknown>): Promise<void> {
  await apiClient.put(`/api/drafts/${encodeURIComponent(form)}`, { data });
}

/** DELETE /api/drafts/:form. */
export async function deleteServerDraft(form: string): Promise<void> {
  await apiClient.delete(`/api/drafts/${encodeURIComponent(form)}`);
}

/** POST /api/drafts/:form/start-new: sets `typed` aside on the server (when given) and clears the form's draft. */
export async function startNewServerDraft(
  form: string,
  typed: Record<string, unknown> | undefined,
): Promise<PreviousDraft | null> {
  const response = await apiClient.post<StartedNew>(`/api/drafts/${encodeURIComponent(form)}/start-new`, {
    data: typed,
  });
  return response.data.setAside;
}

/** GET /api/drafts/:form/previous: the drafts set aside, newest first. */
export async function fetchPreviousDrafts(form: string): Promise<PreviousDraft[]> {
  const response = await apiClient.get<PreviousDrafts>(`/api/drafts/${encodeURIComponent(form)}/previous`);
  return response.data.drafts;
}

/** POST /api/drafts/:form/previous/:id/restore: that draft becomes the form's; `typed` (when given) is set aside. */
export async function restoreServerDraft(
  form: string,
  id: number,
  typed: Record<string, unknown> | undefined,
): Promise<RestoredDraft> {
  const response = await apiClient.post<RestoredDraft>(
    `/api/drafts/${encodeURIComponent(form)}/previous/${id}/restore`,
    { data: typed },
  );
  return response.data;
}

function isDraft(value: unknown): value is Draft {
  const draft = value as Partial<Draft> | null;
  return (
    draft !== null &&
    typeof draft === 'object' &&
    typeof draft.updatedAt === 'string' &&
    draft.data !== null &&
    typeof draft.data === 'object' &&
    !Array.isArray(draft.data)
  );
}
