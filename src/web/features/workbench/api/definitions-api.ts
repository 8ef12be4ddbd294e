/**
 * The definitions API (issue 12) as the workbench calls it: versions, drafts, files, diffs, audit, publish, rollback
 * and impact runs. Fetchers and query options; the server decides who may do what (403 otherwise).
 */
import axios from 'axios';
import { queryOptions } from '@tanstack/react-query';
import { apiClient, getJson } from '../../../shared/api/api-client';
import type {
  AuditList,
  Draft,
  DraftList,
  DraftWithChecks,
  EditConflict,
  FileContent,
  ImpactRunAnswer,
  PublishAnswer,
  PublishRefused,
  TreeDiff,
  VersionList,
  VersionWithManifest,
} from '../../../../contracts/definition-versions';

export type {
  AuditEntry,
  Checks,
  Draft,
  FormDiff,
  FormImpact,
  ImpactReport,
  ImpactRun,
  OrderImpact,
  TreeDiff,
  Version,
} from '../../../../contracts/definition-versions';
export type { DraftWithChecks, EditConflict, FileContent, PublishRefused, VersionWithManifest };

const enc = encodeURIComponent;

/** What the workbench shows to staff: fresh on each visit (another staff member may have changed things). */
const perVisit = { staleTime: 0, refetchOnMount: 'always' as const };

export const workbenchKeys = {
  all: ['workbench'] as const,
  versions: ['workbench', 'versions'] as const,
  version: (id: number) => ['workbench', 'version', id] as const,
  versionFile: (id: number, path: string) => ['workbench', 'version', id, 'file', path] as const,
  versionDiff: (from: number, to: number) => ['workbench', 'diff', from, to] as const,
  drafts: ['workbench', 'drafts'] as const,
  draft: (id: number) => ['workbench', 'draft', id] as const,
  draftDiff: (id: number, revision: number) => ['workbench', 'draft', id, 'diff', revision] as const,
  audit: (filter: AuditFilter) => ['workbench', 'audit', filter] as const,
  impactRun: (id: number) => ['workbench', 'impact', id] as const,
};

export const versionsQuery = () =>
  queryOptions({
    queryKey: workbenchKeys.versions,
    queryFn: () => getJson<VersionList>('/api/definition-versions'),
    ...perVisit,
  });

// A version never changes: its manifest and files are kept as long as the page lives.
export const versionQuery = (id: number) =>
  queryOptions({
    queryKey: workbenchKeys.version(id),
    queryFn: () => getJson<VersionWithManifest>(`/api/definition-versions/${id}`),
    staleTime: Infinity,
  });

export const versionFileQuery = (id: number, path: string) =>
  queryOptions({
    queryKey: workbenchKeys.versionFile(id, path),
    queryFn: () => getJson<FileContent>(`/api/definition-versions/${id}/file?path=${enc(path)}`),
    staleTime: Infinity,
  });

export const versionDiffQuery = (from: number, to: number) =>
  queryOptions({
    queryKey: workbenchKeys.versionDiff(from, to),
    queryFn: () => getJson<TreeDiff>(`/api/definition-versions/diff?from=${from}&to=${to}`),
    staleTime: Infinity,
  });

export const openDraftsQuery = () =>
  queryOptions({
    queryKey: workbenchKeys.drafts,
    queryFn: async () => (await getJson<DraftList>('/api/definition-drafts?status=open')).drafts,
    ...perVisit,
  });

export const draftQuery = (id: number) =>
  queryOptions({
    queryKey: workbenchKeys.draft(id),
    queryFn: () => getJson<DraftWithChecks>(`/api/definition-drafts/${id}`),
    ...perVisit,
  });

// Keyed by the draft's revision: each save makes a new diff.
export const draftDiffQuery = (id: number, revision: number) =>
  queryOptions({
    queryKey: workbenchKeys.draftDiff(id, revision),
    queryFn: () => getJson<TreeDiff>(`/api/definition-drafts/${id}/diff`),
    staleTime: Infinity,
  });

export interface AuditFilter {
  action?: string;
  draftId?: number;
  versionId?: number;
  limit?: number;
}

export const auditQuery = (filter: AuditFilter) =>
  queryOptions({
    queryKey: workbenchKeys.audit(filter),
    queryFn: async () => {
      const params = new URLSearchParams({ limit: String(filter.limit ?? 200) });
      if (filter.action) params.set('action', filter.action);
      if (filter.draftId) params.set('draftId', String(filter.draftId));
      if (filter.versionId) params.set('versionId', String(filter.versionId));
      return (await getJson<AuditList>(`/api/definition-audit?${params}`)).entries;
    },
    ...perVisit,
  });

export function getDraftFile(draftId: number, path: string): Promise<FileContent> {
  return getJson<FileContent>(`/api/definition-drafts/${draftId}/file?path=${enc(path)}`);
}

/** A save's outcome: saved (the draft and its new checks), or a 409 conflict with both versions of the file. */
export type SaveOutcome =
  | { kind: 'saved'; answer: DraftWithChecks }
  | { kind: 'conflict'; conflict: EditConflict['conflict']; message: string };

/** PUT a draft file (content) or DELETE it (content null), from the hash the editor started from. */
export async function saveDraftFile(
  draftId: number,
  path: string,
  content: string | null,
  baseHash: string | null,
): Promise<SaveOutcome> {
  try {
    const response =
      content === null
        ? await apiClient.delete<DraftWithChecks>(
            `/api/definition-drafts/${draftId}/file?path=${enc(path)}&baseHash=${enc(baseHash ?? '')}`,
          )
        : await apiClient.put<DraftWithChecks>(`/api/definition-drafts/${draftId}/file`, { path, content, baseHash });
    return { kind: 'saved', answer: response.data };
  } catch (error) {
    const body = axios.isAxiosError(error) ? (error.response?.data as Partial<EditConflict> | undefined) : undefined;
    if (axios.isAxiosError(error) && error.response?.status === 409 && body?.conflict)
      return { kind: 'conflict', conflict: body.conflict, message: body.message ?? 'The file changed on the server' };
    throw error;
  }
}

export async function openDraft(note: string): Promise<DraftWithChecks> {
  return (await apiClient.post<DraftWithChecks>('/api/definition-drafts', { note })).data;
}

export async function discardDraft(id: number): Promise<Draft> {
  return (await apiClient.delete<DraftWithChecks>(`/api/definition-drafts/${id}`)).data.draft;
}

/** Publish or rollback: the new version, or the server's refusal (422 with the failing checks, 409 with why). */
export type PublishOutcome =
  { kind: 'published'; answer: PublishAnswer } | { kind: 'refused'; message: string; refusal?: PublishRefused };

async function publishCall(url: string, note: string): Promise<PublishOutcome> {
  try {
    return { kind: 'published', answer: (await apiClient.post<PublishAnswer>(url, { note })).data };
  } catch (error) {
    const status = axios.isAxiosError(error) ? error.response?.status : undefined;
    if (status === 409 || status === 422 || status === 403)
      return {
        kind: 'refused',
        message: apiErrorMessage(error),
        refusal:
          status === 422
            ? axios.isAxiosError(error)
              ? (error.response?.data as PublishRefused)
              : undefined
            : undefined,
      };
    throw error;
  }
}

export const publishDraft = (id: number, note: string) => publishCall(`/api/definition-drafts/${id}/publish`, note);
export const rollbackTo = (versionId: number, note: string) =>
  publishCall(`/api/definition-versions/${versionId}/rollback`, note);

export async function startImpactRun(draftId: number, days: number): Promise<ImpactRunAnswer['run']> {
  return (await apiClient.post<ImpactRunAnswer>(`/api/definition-drafts/${draftId}/impact`, { days })).data.run;
}

export async function getImpactRun(runId: number): Promise<ImpactRunAnswer['run']> {
  return (await getJson<ImpactRunAnswer>(`/api/definition-impact/${runId}`)).run;
}

/** The server's message for a failed call (its 4xx bodies say what is wrong), or a plain fallback. */
export function apiErrorMessage(error: unknown): string {
  if (axios.isAxiosError(error)) {
    const message = (error.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return message;
    if (!error.response) return 'The server could not be reached. Check the connection and try again.';
    return `The server answered ${error.response.status}.`;
  }
  return error instanceof Error ? error.message : String(error);
}
