import { useEffect, useMemo, useRef, useState } from 'react';
import type { DraftWorkspaceHandle } from './use-draft-workspace';

/** Tree path (`definitions/pergola/rules.json`, `tests/golden/pergola/001-….json`) -> text, as this page sees it. */
export type DraftTree = Readonly<Record<string, string>>;

export interface DraftTreeState {
  status: 'loading' | 'ready' | 'error';
  /** Every definition file and the form's golden orders, local edits included; empty while loading. */
  files: DraftTree;
  error?: string;
}

/**
 * The files a form's workbench needs, loaded in two calls (all definitions, since includes reach across forms, and the
 * form's golden orders) and rebuilt on every edit: the editor, the preview and the golden-order runner all read it.
 */
export function useDraftTree(workspace: DraftWorkspaceHandle, form: string): DraftTreeState {
  const [loaded, setLoaded] = useState<{ key: string; error?: string }>();
  const key = `${workspace.draftId}:${form}`;
  useEffect(() => {
    let isCurrent = true;
    Promise.all([workspace.loadFolder('definitions'), workspace.loadFolder(`tests/golden/${form}`)]).then(
      () => isCurrent && setLoaded({ key }),
      (error: unknown) => isCurrent && setLoaded({ key, error: (error as Error).message ?? String(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [workspace, form, key]);
  const isLoaded = loaded?.key === key && loaded.error === undefined;
  const { files: workspaceFiles } = workspace;
  const previous = useRef<DraftTree>({});
  const files = useMemo(() => {
    const tree: Record<string, string> = {};
    if (!isLoaded) return tree;
    const golden = `tests/golden/${form}/`;
    for (const { path } of workspaceFiles) {
      if (!path.startsWith('definitions/') && !path.startsWith(golden)) continue;
      const content = workspace.contentOf(path);
      if (typeof content === 'string') tree[path] = content;
    }
    // The same object while nothing in it changed (a save, a check): what consumers compile from stays put.
    if (sameTree(previous.current, tree)) return previous.current;
    previous.current = tree;
    return tree;
    // workspace.revision moves on every edit and load; contentOf reads the state it names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoaded, form, workspaceFiles, workspace.revision]);
  if (loaded?.key === key && loaded.error !== undefined) return { status: 'error', files, error: loaded.error };
  return { status: isLoaded ? 'ready' : 'loading', files };
}

function sameTree(a: DraftTree, b: DraftTree): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
