import { useEffect, useMemo, useRef, useState } from 'react';
import { formsOf } from '../tree-paths';
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
 * The files a form's workbench needs, loaded a folder per call (all definitions, since includes reach across forms; the
 * form's golden-order folder; and folders of golden orders shared by forms, such as tests/golden/prices, of which only
 * the form's own are kept) and rebuilt on every edit: the editor, the preview and the golden-order runner all read it.
 */
export function useDraftTree(workspace: DraftWorkspaceHandle, form: string): DraftTreeState {
  const [loaded, setLoaded] = useState<{ key: string; error?: string }>();
  const key = `${workspace.draftId}:${form}`;
  const { files: workspaceFiles } = workspace;
  const sharedFolders = useMemo(() => sharedGoldenFolders(workspaceFiles), [workspaceFiles]);
  const sharedKey = sharedFolders.join(',');
  useEffect(() => {
    let isCurrent = true;
    const folders = ['definitions', `tests/golden/${form}`, ...sharedKey.split(',').filter(Boolean)];
    Promise.all(folders.map((folder) => workspace.loadFolder(folder))).then(
      () => isCurrent && setLoaded({ key }),
      (error: unknown) => isCurrent && setLoaded({ key, error: (error as Error).message ?? String(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [workspace, form, key, sharedKey]);
  const isLoaded = loaded?.key === key && loaded.error === undefined;
  const previous = useRef<DraftTree>({});
  const files = useMemo(() => {
    const tree: Record<string, string> = {};
    if (!isLoaded) return tree;
    const golden = `tests/golden/${form}/`;
    const shared = sharedFolders.map((folder) => `${folder}/`);
    for (const { path } of workspaceFiles) {
      const isShared = shared.some((folder) => path.startsWith(folder));
      if (!path.startsWith('definitions/') && !path.startsWith(golden) && !isShared) continue;
      const content = workspace.contentOf(path);
      if (typeof content !== 'string') continue;
      if (isShared && goldenOrderForm(content) !== form) continue;
      tree[path] = content;
    }
    // The same object while nothing in it changed (a save, a check): what consumers compile from stays put.
    if (sameTree(previous.current, tree)) return previous.current;
    previous.current = tree;
    return tree;
    // workspace.revision moves on every edit and load; contentOf reads the state it names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoaded, form, workspaceFiles, sharedFolders, workspace.revision]);
  if (loaded?.key === key && loaded.error !== undefined) return { status: 'error', files, error: loaded.error };
  return { status: isLoaded ? 'ready' : 'loading', files };
}

function sameTree(a: DraftTree, b: DraftTree): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Folders of tests/golden not named after a form (tests/golden/prices): golden orders of several forms. */
function sharedGoldenFolders(files: readonly { path: string }[]): string[] {
  const paths = files.map((file) => file.path);
  const forms = new Set(formsOf(paths));
  const folders = new Set<string>();
  for (const path of paths) {
    const match = /^tests\/golden\/([^/]+)\//.exec(path);
    if (match && !forms.has(match[1])) folders.add(`tests/golden/${match[1]}`);
  }
  return [...folders].sort();
}

const formOfText = new Map<string, string | undefined>();

/** The `form` a golden order's text names (undefined when it is not JSON or names none); remembered per text. */
function goldenOrderForm(text: string): string | undefined {
  if (formOfText.has(text)) return formOfText.get(text);
  let form: string | undefined;
  try {
    const value = JSON.parse(text) as { form?: unknown } | null;
    form = typeof value?.form === 'string' ? value.form : undefined;
  } catch {
    form = undefined;
  }
  if (formOfText.size > 2000) formOfText.clear();
  formOfText.set(text, form);
  return form;
}
