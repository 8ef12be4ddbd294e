/**
 * A draft as the workbench edits it: the draft's files (its base version's manifest with the draft's changes laid
 * over), loaded on demand; local edits kept until saved (and in localStorage, so a reload loses nothing); saves with
 * the hash each edit started from (409: both versions kept until the user picks one); the server's checks after each
 * save; undo and redo of every edit since the page opened. No React here: `useDraftWorkspace` wraps it.
 */
import type { Checks, Draft, EditConflict } from '../../../../contracts/definition-versions';
import type { SaveOutcome } from '../api/definitions-api';

/** One edit of one file: what it held before and after (null: absent), named for the undo button. */
export interface FileEdit {
  path: string;
  before: string | null;
  after: string | null;
  label: string;
}

export interface WorkspaceFile {
  path: string;
  /** What the saved draft holds against its base version. */
  draftStatus: 'unchanged' | 'changed' | 'added' | 'deleted';
  /** Edited here and not saved yet. */
  isDirty: boolean;
  /** Content loaded (or edited) in this page. */
  isLoaded: boolean;
}

export interface FileConflict {
  path: string;
  message: string;
  /** What this page would save. */
  mine: string | null;
  /** What the draft holds now (another tab or person saved it). */
  theirs: string | null;
  theirsHash: string | null;
}

/** A problem that keeps a file from being saved (not JSON, a broken price table), said at the file. */
export interface FileProblem {
  path: string;
  message: string;
}

export interface WorkspaceApi {
  getDraft(id: number): Promise<{ draft: Draft; checks: Checks }>;
  getManifest(versionId: number): Promise<Record<string, string>>;
  getDraftFile(id: number, path: string): Promise<{ hash: string | null; content: string | null }>;
  /** Every file the draft holds under a folder, in one call. */
  getDraftFolder(id: number, folder: string): Promise<{ path: string; hash: string; content: string }[]>;
  getVersionFile(versionId: number, path: string): Promise<{ hash: string | null; content: string | null }>;
  saveFile(id: number, path: string, content: string | null, baseHash: string | null): Promise<SaveOutcome>;
}

/** Checks a file's content before it is saved; an empty list lets the save go. */
export type FileValidator = (path: string, content: string | null) => string[];

export interface WorkspaceSnapshot {
  status: 'loading' | 'ready' | 'error';
  loadError: string | null;
  draft: Draft | undefined;
  /** The server's checks of the draft as last saved. */
  checks: Checks | undefined;
  files: WorkspaceFile[];
  /** Paths edited and not saved. */
  dirtyPaths: string[];
  canUndo: boolean;
  canRedo: boolean;
  /** The edit undo would revert and redo would apply, for the buttons' labels. */
  undoLabel: string | undefined;
  redoLabel: string | undefined;
  saving: boolean;
  saveError: string | null;
  /** Problems that keep files from being saved. */
  problems: FileProblem[];
  conflicts: FileConflict[];
  /** Unsaved edits found in this browser when the page opened. */
  restoredPaths: string[];
  /** Bumps on every change: what an effect can depend on. */
  revision: number;
}

interface FileState {
  /** The draft's hash of the file as far as this page knows (null: absent). */
  serverHash: string | null;
  /** The server's content for serverHash; undefined until loaded. */
  serverContent?: string | null;
  /** The hash local edits started from: the baseHash of the save. */
  editBaseHash: string | null;
  /** The edited content while it differs from the saved one; undefined when clean. */
  local?: string | null;
  loading?: Promise<string | null>;
}

interface StoredEdits {
  v: 1;
  files: Record<string, { content: string | null; baseHash: string | null }>;
}

export const storageKeyOf = (draftId: number) => `dealer-portal:workbench:draft:${draftId}`;

export class DraftWorkspace {
  private files = new Map<string, FileState>();
  private baseManifest: Record<string, string> = {};
  /** Undo steps: each the edits of one change (a rename writes several files in one step). */
  private past: FileEdit[][] = [];
  private future: FileEdit[][] = [];
  private conflicts = new Map<string, FileConflict>();
  private problems: FileProblem[] = [];
  private listeners = new Set<() => void>();
  private validators: FileValidator[] = [];
  private state: Omit<
    WorkspaceSnapshot,
    'files' | 'dirtyPaths' | 'canUndo' | 'canRedo' | 'undoLabel' | 'redoLabel' | 'conflicts' | 'problems' | 'revision'
  > = {
    status: 'loading',
    loadError: null,
    draft: undefined,
    checks: undefined,
    saving: false,
    saveError: null,
    restoredPaths: [],
  };
  private version = 0;
  private snapshot: WorkspaceSnapshot;

  constructor(
    readonly draftId: number,
    private readonly api: WorkspaceApi,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined,
  ) {
    this.snapshot = this.buildSnapshot();
  }

  // ---- React's view ---------------------------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): WorkspaceSnapshot => this.snapshot;

  private emit(): void {
    this.version += 1;
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }

  /** The paths of `files` in order, sorted again only when one is added (paths are never removed from it). */
  private sortedPaths: string[] = [];

  private buildSnapshot(): WorkspaceSnapshot {
    // Sorting ~1,100 paths with localeCompare on every edit cost more than the rest of the snapshot.
    if (this.sortedPaths.length !== this.files.size)
      this.sortedPaths = [...this.files.keys()].sort((a, b) => a.localeCompare(b));
    const files = this.sortedPaths
      .map((path): [string, FileState] => [path, this.files.get(path)!])
      .filter(([path, file]) => file.serverHash !== null || this.isDirty(path) || path in this.baseManifest)
      .map(([path, file]): WorkspaceFile => {
        const baseHash = this.baseManifest[path] ?? null;
        const draftStatus =
          file.serverHash === baseHash
            ? 'unchanged'
            : file.serverHash === null
              ? 'deleted'
              : baseHash === null
                ? 'added'
                : 'changed';
        return { path, draftStatus, isDirty: this.isDirty(path), isLoaded: this.contentOf(path) !== undefined };
      });
    const undoEdit = this.past[this.past.length - 1];
    const redoEdit = this.future[this.future.length - 1];
    return {
      ...this.state,
      files,
      dirtyPaths: files.filter((file) => file.isDirty).map((file) => file.path),
      canUndo: undoEdit !== undefined,
      canRedo: redoEdit !== undefined,
      undoLabel: undoEdit?.[0]?.label,
      redoLabel: redoEdit?.[0]?.label,
      conflicts: [...this.conflicts.values()],
      problems: this.problems,
      revision: this.version,
    };
  }

  // ---- loading ----------------------------------------------------------------------------------------------------

  async load(): Promise<void> {
    try {
      const { draft, checks } = await this.api.getDraft(this.draftId);
      this.baseManifest = await this.api.getManifest(draft.baseVersionId);
      for (const [path, hash] of Object.entries(this.baseManifest))
        this.files.set(path, { serverHash: hash, editBaseHash: hash });
      this.adoptDraft(draft);
      this.state = { ...this.state, draft, checks, status: 'ready' };
      this.restoreEdits();
    } catch (error) {
      this.state = { ...this.state, status: 'error', loadError: messageOf(error) };
    }
    this.emit();
  }

  /** Takes the saved draft's hashes; a file whose hash moved loses its loaded content (not its local edit). */
  private adoptDraft(draft: Draft): void {
    const changed = new Map(draft.changes.map((change) => [change.path, change.hash]));
    const paths = new Set([...this.files.keys(), ...changed.keys()]);
    for (const path of paths) {
      const hash = changed.has(path) ? changed.get(path)! : (this.baseManifest[path] ?? null);
      const file = this.files.get(path) ?? { serverHash: null, editBaseHash: null };
      if (file.serverHash !== hash) {
        file.serverHash = hash;
        file.serverContent = hash === null ? null : undefined;
        if (file.local === undefined) file.editBaseHash = hash;
      }
      this.files.set(path, file);
    }
  }

  private restoreEdits(): void {
    const stored = this.readStored();
    const restored: string[] = [];
    for (const [path, edit] of Object.entries(stored?.files ?? {})) {
      const file = this.files.get(path) ?? { serverHash: null, editBaseHash: null };
      file.local = edit.content;
      file.editBaseHash = edit.baseHash;
      this.files.set(path, file);
      restored.push(path);
      if (file.serverHash !== null)
        this.loadSaved(path, file).catch((error: unknown) => console.error(`${path} could not be loaded`, error));
    }
    this.state = { ...this.state, restoredPaths: restored };
  }

  /** The paths of the draft's tree (and new files edited here). */
  get paths(): string[] {
    return this.snapshot.files.map((file) => file.path);
  }

  /** The file's content as this page sees it (local edit first); undefined until loaded. */
  contentOf(path: string): string | null | undefined {
    const file = this.files.get(path);
    if (!file) return undefined;
    if (file.local !== undefined) return file.local;
    return file.serverContent;
  }

  /** The file's content (loading it from the draft when needed); null for a file the draft does not hold. */
  async readFile(path: string): Promise<string | null> {
    const known = this.contentOf(path);
    if (known !== undefined) return known;
    const file = this.files.get(path);
    if (!file || file.serverHash === null) return null;
    await this.loadSaved(path, file);
    return this.contentOf(path) ?? null;
  }

  /** Loads what the draft holds for the file (also under a restored edit, so that undoing back to it is clean). */
  private loadSaved(path: string, file: FileState): Promise<string | null> {
    file.loading ??= this.api.getDraftFile(this.draftId, path).then(
      (answer) => {
        file.loading = undefined;
        // A save may have moved the file on meanwhile; only the answer for the hash we know counts.
        if (answer.hash === file.serverHash) file.serverContent = answer.content;
        if (file.local !== undefined && file.local === file.serverContent) {
          file.local = undefined;
          file.editBaseHash = file.serverHash;
          this.persist();
        }
        this.emit();
        return answer.content;
      },
      (error: unknown) => {
        file.loading = undefined;
        throw error;
      },
    );
    return file.loading;
  }

  private folders = new Map<string, Promise<void>>();

  /**
   * Loads every file under `folder` in one call (a form's definitions, its golden orders) so that `contentOf` answers
   * for each; files loaded before keep their content, and local edits stay on top.
   */
  loadFolder(folder: string): Promise<void> {
    let pending = this.folders.get(folder);
    if (!pending) {
      pending = this.api.getDraftFolder(this.draftId, folder).then((answer) => {
        for (const { path, hash, content } of answer) {
          const file = this.files.get(path);
          // Only the hash this page knows counts (a save may have moved the file on meanwhile).
          if (file && file.serverHash === hash && file.serverContent === undefined) file.serverContent = content;
        }
        this.emit();
      });
      pending.catch(() => this.folders.delete(folder));
      this.folders.set(folder, pending);
    }
    return pending;
  }

  private baseFiles = new Map<string, Promise<string | null>>();

  /** The file as the draft's base version holds it (null: absent there): what a diff compares with. */
  readBaseFile(path: string): Promise<string | null> {
    const draft = this.state.draft;
    if (!draft || !(path in this.baseManifest)) return Promise.resolve(null);
    let pending = this.baseFiles.get(path);
    if (!pending) {
      pending = this.api.getVersionFile(draft.baseVersionId, path).then((answer) => answer.content);
      pending.catch(() => this.baseFiles.delete(path));
      this.baseFiles.set(path, pending);
    }
    return pending;
  }

  // ---- editing ----------------------------------------------------------------------------------------------------

  /**
   * Changes a file (null deletes it) as one undoable step named `label`. The file must have been read first (or be
   * new), so that undo knows what it held.
   */
  writeFile(path: string, content: string | null, label: string): void {
    this.writeFiles([{ path, content }], label);
  }

  /**
   * Changes several files as ONE undoable step named `label` (a field renamed in its rules, its ui and the golden
   * orders): undo and redo take all of them back or forward together. Every file must have been read first (or be new).
   */
  writeFiles(changes: readonly { path: string; content: string | null }[], label: string): void {
    const edits: FileEdit[] = [];
    for (const { path, content } of changes) {
      const before = this.contentOf(path);
      const file = this.files.get(path);
      if (before === undefined && file && file.serverHash !== null)
        throw new Error(`Read ${path} before changing it (its content is not loaded yet)`);
      const previous = before ?? null;
      if (previous !== content) edits.push({ path, before: previous, after: content, label });
    }
    if (edits.length === 0) return;
    this.past.push(edits);
    this.future = [];
    this.apply(edits.map((edit) => [edit.path, edit.after]));
  }

  undo(): void {
    const step = this.past.pop();
    if (!step) return;
    this.future.push(step);
    this.apply(step.map((edit) => [edit.path, edit.before]));
  }

  redo(): void {
    const step = this.future.pop();
    if (!step) return;
    this.past.push(step);
    this.apply(step.map((edit) => [edit.path, edit.after]));
  }

  /** The edits since the page opened, oldest first (what undo walks back through; a step's files side by side). */
  get history(): readonly FileEdit[] {
    return this.past.flat();
  }

  private apply(contents: readonly (readonly [path: string, content: string | null])[]): void {
    for (const [path, content] of contents) {
      const file = this.files.get(path) ?? { serverHash: null, serverContent: null, editBaseHash: null };
      const isSaved = file.serverContent !== undefined && file.serverContent === content;
      file.local = isSaved ? undefined : content;
      if (isSaved) file.editBaseHash = file.serverHash;
      this.files.set(path, file);
      this.problems = this.problems.filter((problem) => problem.path !== path);
    }
    this.persist();
    this.emit();
  }

  private isDirty(path: string): boolean {
    const file = this.files.get(path);
    return file !== undefined && file.local !== undefined && file.local !== file.serverContent;
  }

  // ---- saving -----------------------------------------------------------------------------------------------------

  /** A check every file must pass before it is saved (JSON, price tables); returns a function that removes it. */
  addValidator(validator: FileValidator): () => void {
    this.validators.push(validator);
    return () => {
      this.validators = this.validators.filter((v) => v !== validator);
    };
  }

  problemsOf(path: string, content: string | null): string[] {
    return this.validators.flatMap((validate) => validate(path, content));
  }

  /** Saves every edited file, one PUT (or DELETE) each; a file with problems or a conflict stays unsaved. */
  async save(): Promise<void> {
    if (this.state.saving) return;
    const dirty = this.snapshot.dirtyPaths.filter((path) => !this.conflicts.has(path));
    const problems = dirty.flatMap((path) =>
      this.problemsOf(path, this.contentOf(path) ?? null).map((message) => ({ path, message })),
    );
    this.problems = problems;
    const blocked = new Set(problems.map((problem) => problem.path));
    this.state = {
      ...this.state,
      saving: true,
      saveError:
        blocked.size > 0
          ? `${blocked.size} file${blocked.size === 1 ? ' has' : 's have'} problems and ${blocked.size === 1 ? 'was' : 'were'} not saved: ${[...blocked].join(', ')}`
          : null,
    };
    this.emit();
    try {
      for (const path of dirty) if (!blocked.has(path)) await this.saveOne(path);
    } catch (error) {
      this.state = { ...this.state, saveError: `Not saved: ${messageOf(error)}` };
    } finally {
      this.state = { ...this.state, saving: false };
      this.persist();
      this.emit();
    }
  }

  private async saveOne(path: string, baseHash?: string | null): Promise<void> {
    const file = this.files.get(path)!;
    const content = this.contentOf(path) ?? null;
    const outcome = await this.api.saveFile(this.draftId, path, content, baseHash ?? file.editBaseHash);
    if (outcome.kind === 'conflict') {
      this.conflicts.set(path, conflictOf(path, content, outcome.conflict, outcome.message));
      return;
    }
    this.conflicts.delete(path);
    const { draft, checks } = outcome.answer;
    // What we sent is what the draft holds now; adoptDraft sets the hash, we know the content.
    file.local = undefined;
    this.adoptDraft(draft);
    file.serverContent = content;
    file.editBaseHash = file.serverHash;
    this.state = { ...this.state, draft, checks };
  }

  /** Settles a 409: save this page's version over the server's, or take the server's (an undoable edit). */
  async resolveConflict(path: string, keep: 'mine' | 'theirs'): Promise<void> {
    const conflict = this.conflicts.get(path);
    if (!conflict) return;
    const file = this.files.get(path)!;
    if (keep === 'mine') {
      this.state = { ...this.state, saving: true };
      this.emit();
      try {
        await this.saveOne(path, conflict.theirsHash);
      } catch (error) {
        this.state = { ...this.state, saveError: `Not saved: ${messageOf(error)}` };
      } finally {
        this.state = { ...this.state, saving: false };
        this.persist();
        this.emit();
      }
      return;
    }
    this.conflicts.delete(path);
    file.serverHash = conflict.theirsHash;
    file.serverContent = conflict.theirs;
    file.editBaseHash = conflict.theirsHash;
    this.past.push([
      { path, before: conflict.mine, after: conflict.theirs, label: `take the saved ${fileName(path)}` },
    ]);
    this.future = [];
    this.apply([[path, conflict.theirs]]);
    await this.refresh();
  }

  /** Reads the draft again (its changes and checks), keeping local edits. */
  async refresh(): Promise<void> {
    try {
      const { draft, checks } = await this.api.getDraft(this.draftId);
      this.adoptDraft(draft);
      this.state = { ...this.state, draft, checks };
    } catch (error) {
      this.state = { ...this.state, saveError: messageOf(error) };
    }
    this.emit();
  }

  /** Forgets the restored-edits notice once the user has seen it. */
  dismissRestored(): void {
    this.state = { ...this.state, restoredPaths: [] };
    this.emit();
  }

  // ---- this browser's copy of unsaved edits ---------------------------------------------------------------------

  private readStored(): StoredEdits | undefined {
    try {
      const text = this.storage?.getItem(storageKeyOf(this.draftId));
      const parsed = text ? (JSON.parse(text) as StoredEdits) : undefined;
      return parsed?.v === 1 ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  private persist(): void {
    if (!this.storage) return;
    const files: StoredEdits['files'] = {};
    for (const [path, file] of this.files)
      if (file.local !== undefined && this.isDirty(path))
        files[path] = { content: file.local, baseHash: file.editBaseHash };
    try {
      if (Object.keys(files).length === 0) this.storage.removeItem(storageKeyOf(this.draftId));
      else this.storage.setItem(storageKeyOf(this.draftId), JSON.stringify({ v: 1, files } satisfies StoredEdits));
    } catch (error) {
      // A full storage must not stop editing; the user still has Save.
      console.error('Unsaved edits could not be kept in this browser', error);
    }
  }
}

function conflictOf(
  path: string,
  mine: string | null,
  conflict: EditConflict['conflict'],
  message: string,
): FileConflict {
  return { path, message, mine, theirs: conflict.theirs.content, theirsHash: conflict.theirs.hash };
}

export const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

function messageOf(error: unknown): string {
  const data = (error as { response?: { data?: { message?: unknown } } } | null)?.response?.data;
  if (typeof data?.message === 'string') return data.message;
  return error instanceof Error ? error.message : String(error);
}
