import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FolderContents } from '../../../../contracts/definition-versions';
import { getJson } from '../../../shared/api/api-client';
import {
  getDraftFile,
  saveDraftFile,
  workbenchKeys,
  type DraftWithChecks,
  type FileContent,
  type VersionWithManifest,
} from '../api/definitions-api';
import { DraftWorkspace, type FileEdit, type WorkspaceApi, type WorkspaceSnapshot } from './draft-workspace';
import { jsonValidator } from './file-validators';

export type { FileConflict, FileEdit, FileProblem, WorkspaceFile, WorkspaceSnapshot } from './draft-workspace';

/**
 * What the draft page, the rule editor and the preview share: the draft's files and checks, edits with undo/redo,
 * saving. State fields re-render their users; the functions are stable for the page's life.
 */
export interface DraftWorkspaceHandle extends WorkspaceSnapshot {
  draftId: number;
  /** The file's content as this page sees it (unsaved edits first); undefined until loaded. */
  contentOf(path: string): string | null | undefined;
  /** Loads a file of the draft on demand; null when the draft does not hold it. */
  readFile(path: string): Promise<string | null>;
  /** Loads every file under a folder in one call (then `contentOf` answers for each). */
  loadFolder(folder: string): Promise<void>;
  /** The file as the draft's base version holds it (for diffs); null when absent there. */
  readBaseFile(path: string): Promise<string | null>;
  /** Changes a file (null deletes it) as one undoable step called `label` ("12x14: $8,830 → $8,900"). */
  writeFile(path: string, content: string | null, label: string): void;
  /** Changes several files as ONE undoable step (a field renamed everywhere): undo/redo move them together. */
  writeFiles(changes: readonly { path: string; content: string | null }[], label: string): void;
  undo(): void;
  redo(): void;
  /** Every edit since the page opened, oldest first. */
  history(): readonly FileEdit[];
  /** Saves every edited file (PUT with the hash each edit started from); problems and 409s keep a file unsaved. */
  save(): Promise<void>;
  resolveConflict(path: string, keep: 'mine' | 'theirs'): Promise<void>;
  /** A check a file must pass before it is saved; returns its remover (call it from an effect's clean-up). */
  addValidator(validator: (path: string, content: string | null) => string[]): () => void;
  problemsOf(path: string, content: string | null): string[];
  refresh(): Promise<void>;
  dismissRestored(): void;
}

const workspaceApi: WorkspaceApi = {
  getDraft: (id) => getJson<DraftWithChecks>(`/api/definition-drafts/${id}`),
  getManifest: async (versionId) =>
    (await getJson<VersionWithManifest>(`/api/definition-versions/${versionId}`)).manifest,
  getDraftFile,
  getDraftFolder: async (id, folder) =>
    (await getJson<FolderContents>(`/api/definition-drafts/${id}/files?under=${encodeURIComponent(folder)}`)).files,
  getVersionFile: (versionId, path) =>
    getJson<FileContent>(`/api/definition-versions/${versionId}/file?path=${encodeURIComponent(path)}`),
  saveFile: saveDraftFile,
};

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The workspace of one draft: loads it, and keeps it for as long as the page shows that draft. */
export function useDraftWorkspace(draftId: number): DraftWorkspaceHandle {
  const queryClient = useQueryClient();
  const [workspace, setWorkspace] = useState(() => new DraftWorkspace(draftId, workspaceApi, browserStorage()));
  if (workspace.draftId !== draftId) setWorkspace(new DraftWorkspace(draftId, workspaceApi, browserStorage()));

  useEffect(() => {
    void workspace.load();
    return workspace.addValidator(jsonValidator);
  }, [workspace]);

  const snapshot = useSyncExternalStore(workspace.subscribe, workspace.getSnapshot);

  // The overview and the draft's diff read the draft through React Query: a save makes them stale.
  const draftRevision = snapshot.draft?.revision;
  useEffect(() => {
    if (draftRevision !== undefined) void queryClient.invalidateQueries({ queryKey: workbenchKeys.drafts });
  }, [draftRevision, queryClient]);

  const actions = useMemo(
    () => ({
      draftId: workspace.draftId,
      contentOf: (path: string) => workspace.contentOf(path),
      readFile: (path: string) => workspace.readFile(path),
      loadFolder: (folder: string) => workspace.loadFolder(folder),
      readBaseFile: (path: string) => workspace.readBaseFile(path),
      writeFile: (path: string, content: string | null, label: string) => workspace.writeFile(path, content, label),
      writeFiles: (changes: readonly { path: string; content: string | null }[], label: string) =>
        workspace.writeFiles(changes, label),
      undo: () => workspace.undo(),
      redo: () => workspace.redo(),
      history: () => workspace.history,
      save: () => workspace.save(),
      resolveConflict: (path: string, keep: 'mine' | 'theirs') => workspace.resolveConflict(path, keep),
      addValidator: (validator: (path: string, content: string | null) => string[]) =>
        workspace.addValidator(validator),
      problemsOf: (path: string, content: string | null) => workspace.problemsOf(path, content),
      refresh: () => workspace.refresh(),
      dismissRestored: () => workspace.dismissRestored(),
    }),
    [workspace],
  );
  return useMemo(() => ({ ...snapshot, ...actions }), [snapshot, actions]);
}
