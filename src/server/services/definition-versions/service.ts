/**
 * Definitions as versioned data (issue 12): the published version served from the database, the deployed tree
 * imported as a version, drafts with checks on every change, publish, rollback, and the audit of each action.
 * Routes (routes/api/definition-versions.ts) and the CLI (scripts/definitions.ts) call this one service.
 */
import type { Database } from '../../db/database';
import type { Problem } from '../../../engine/index';
import { formatProblems } from '../../definitions/index';
import {
  BrokenDefinitionsError,
  type DefinitionLogger,
  type DefinitionRegistry,
  type ServedDefinition,
} from '../definition-registry';
import {
  DefinitionWorkFailed,
  DefinitionWorkStopped,
  LocalDefinitionWork,
  type DefinitionWork,
} from '../definition-work/index';
import type { CheckedDeployedTree } from './checked-deployed-tree';
import { TreeCompiler, unfinishedChecks, type CompiledTree, type TreeChecks } from './compile';
import { diffTrees, type TreeDiff } from './diff';
import { analyzeImpact, type ImpactReport } from './impact';
import {
  findDraft,
  findVersion,
  findVersionByTree,
  findVersionPublishedAt,
  hasVersionWithTree,
  insertAudit,
  insertDraft,
  insertVersion,
  listAudit,
  listDrafts,
  listVersions,
  lockVersions,
  readContents,
  readManifest,
  readPublished,
  setPublished,
  storeFile,
  storeTree,
  updateDraft,
  type AuditFilter,
  type DraftRow,
  type Executor,
  type VersionRow,
} from './store';
import {
  definitionsPrefix,
  diskSignature,
  readTreeFromDisk,
  sha256,
  sortManifest,
  treeHashOf,
  treePathProblem,
  type DeployedTreeDirs,
  type Manifest,
  type TreeFiles,
} from './tree';

/** Role that may open drafts and change their files. */
export const definitionsRole = 'definitions';
/** Role that may publish a draft and roll back to an earlier version. */
export const publisherRole = 'publisher';
/** Author of versions imported from the deployed files. */
export const deploymentAuthor = 'deployment';
/** Largest file a draft takes (the reader's own limit). */
export const maxDraftFileBytes = 2 * 1024 * 1024;

/** The published version as the server holds it in memory. */
export interface PublishedState {
  versionId: number;
  treeHash: string;
  compiled: CompiledTree;
}

/** One changed path of a draft: its content hash in the base version and now (null: absent). */
export interface DraftChange {
  path: string;
  baseHash: string | null;
  hash: string | null;
}

export interface DraftView {
  id: number;
  baseVersionId: number;
  author: string;
  note: string;
  status: DraftRow['status'];
  revision: number;
  publishedVersionId: number | null;
  createdAt: string;
  updatedAt: string;
  changes: DraftChange[];
}

/** Both sides of a refused edit: what the editor sent on top of what, and what the draft holds now. */
export interface EditConflict {
  path: string;
  yours: { baseHash: string | null; hash: string | null; content: string | null };
  theirs: { hash: string | null; content: string | null; revision: number };
}

export type DraftOutcome =
  | { kind: 'ok'; draft: DraftView; checks: TreeChecks }
  | { kind: 'not-found'; message: string }
  | { kind: 'closed'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'conflict'; message: string; conflict: EditConflict };

export type PublishOutcome =
  | { kind: 'ok'; version: VersionView; checks: TreeChecks }
  | { kind: 'not-found'; message: string }
  | { kind: 'closed'; message: string }
  | { kind: 'conflict'; message: string; paths?: string[] }
  | { kind: 'refused'; message: string; failingOrders: string[]; checks: TreeChecks };

export interface VersionView {
  id: number;
  treeHash: string;
  parentId: number | null;
  author: string;
  note: string;
  source: VersionRow['source'];
  fromDraftId: number | null;
  rolledBackTo: number | null;
  createdAt: string;
  fileCount?: number;
  isPublished: boolean;
  checks?: VersionChecks;
}

const TREE_CACHE_SIZE = 8;
const COMPILED_CACHE_SIZE = 4;

function remember<T>(cache: Map<string, T>, key: string, value: T, size: number): T {
  cache.delete(key);
  cache.set(key, value);
  while (cache.size > size) cache.delete(cache.keys().next().value as string);
  return value;
}

function errorsOf(compiled: CompiledTree): Problem[] {
  return compiled.problems.filter((p) => p.severity === 'error');
}

/** A draft's failing golden orders, named (`tests/golden/pergola/012-....json (title)`). */
function failingOrderNames(checks: TreeChecks): string[] {
  return checks.goldenOrders.failures.map((f) => (f.title ? `${f.file} (${f.title})` : f.file));
}

function refusalMessage(checks: TreeChecks): string {
  if (checks.stopped) return `Not published: ${checks.stopped}`; // the one problem unfinished checks have
  const parts: string[] = [];
  if (checks.staticChecks.errors > 0)
    parts.push(
      `${checks.staticChecks.errors} static check error(s): ${formatProblems(checks.staticChecks.problems.filter((p) => p.severity === 'error').slice(0, 5) as Problem[])}`,
    );
  if (checks.goldenOrders.failed > 0) {
    const names = failingOrderNames(checks);
    parts.push(
      `${names.length} golden order(s) fail: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', ...' : ''}`,
    );
  }
  return `Not published: ${parts.join('; ')}`;
}

/** This build's checks of a stored version's content: whether they pass, and the first problems. */
export interface VersionChecks {
  ok: boolean;
  problems: string[];
}

const PASSED: VersionChecks = { ok: true, problems: [] };

function verdictOf(checks: TreeChecks): VersionChecks {
  if (checks.ok) return PASSED;
  const errors = checks.staticChecks.problems.filter((p) => p.severity === 'error') as Problem[];
  const problems = [
    ...errors.map((problem) => formatProblems([problem])),
    ...failingOrderNames(checks).map((name) => `golden order fails: ${name}`),
  ];
  return { ok: false, problems: problems.slice(0, 3) };
}

/** Stored trees the background sweep checks at most per list (the newest first). */
const SWEPT_PER_LIST = 20;

export class DefinitionVersions {
  /** Compiles what this thread serves: the published version, versions pinned by orders, a draft's diff. */
  readonly compiler = new TreeCompiler();
  /** Checks trees and replays orders for impact analysis: worker threads on the server, this process in the CLI. */
  private readonly work: DefinitionWork;
  private readonly trees = new Map<string, TreeFiles>();
  /** This build's checks of stored trees, by tree hash (the versions list shows them; see sweepVersionChecks). */
  private readonly verdicts = new Map<string, VersionChecks>();
  private sweeping: Promise<void> | undefined;
  private readonly compiledTrees = new Map<string, CompiledTree>();
  private current: PublishedState | undefined;
  private lastDiskSignature = '';
  private lastDiskTreeHash = '';
  private refreshing: Promise<void> | undefined;
  private following: Promise<PublishedState> | undefined;
  private deployed: { tree: TreeFiles; treeHash: string; compiled?: CompiledTree; signature: string } | undefined;
  private database: Database | undefined;

  constructor(
    private readonly dirs: DeployedTreeDirs,
    private readonly log?: DefinitionLogger,
    /** Whether a change of the definition files on disk becomes a new version while running (developers' live reload). */
    private readonly watchDisk = true,
    /** The deployed tree that passed the checks at an earlier start of this build: compiled, not checked, again. */
    private readonly checkedDeployed?: CheckedDeployedTree,
    work?: DefinitionWork,
  ) {
    this.work = work ?? new LocalDefinitionWork(this.compiler);
  }

  /**
   * A tree's static checks and golden orders, run by the definition work. Checks that could not end (over their time
   * limit, or their thread failed) answer a refusal saying so: not ok, so never publishable.
   */
  private async checkTree(tree: TreeFiles, subject: string): Promise<TreeChecks> {
    const started = performance.now();
    try {
      return await this.work.check(tree);
    } catch (error) {
      if (!(error instanceof DefinitionWorkFailed)) throw error;
      const reason =
        error instanceof DefinitionWorkStopped
          ? `the checks of ${subject} took longer than ${error.limit} and were stopped: ${error.doing}`
          : `the checks of ${subject} could not be run: ${error.message}`;
      this.log?.warn({ reason }, 'definition checks refused');
      const file = error instanceof DefinitionWorkStopped ? (error.step?.file ?? '') : '';
      return unfinishedChecks(reason, file, performance.now() - started);
    }
  }

  // ---- start-up, serving -------------------------------------------------------------------------------------

  /**
   * At start: the deployed tree becomes the first published version of an empty database, or a new version
   * (author "deployment") when it differs from every stored one; then the published version is compiled.
   * Throws BrokenDefinitionsError when the deployed tree must be imported and has errors (the server refuses to start).
   */
  async start(db: Database): Promise<{ imported?: VersionView; published: PublishedState; importMs: number }> {
    this.database = db;
    const started = performance.now();
    const { tree, treeHash, signature } = this.deployed ?? (await this.checkDeployed());
    // The deployed tree passed this build's static checks just now (its golden orders are CI's check:orders).
    this.verdicts.set(treeHash, PASSED);
    this.lastDiskSignature = signature;
    this.lastDiskTreeHash = treeHash;
    let imported: VersionView | undefined;
    if (!(await readPublished(this.db)) || !(await hasVersionWithTree(this.db, treeHash))) {
      imported = await this.importDeployed(tree, treeHash, 'imported at start-up', true);
    }
    const published = await this.loadPublished();
    this.deployed = undefined;
    return { imported, published, importMs: Math.round(performance.now() - started) };
  }

  /** Works on a database without importing the deployed tree or loading the published version (the CLI). */
  attach(db: Database): this {
    this.database = db;
    return this;
  }

  /**
   * The published version's id and tree (read from the database; `db` may be the caller's transaction, so a submit
   * inside one never waits for a second connection).
   */
  async publishedPointer(db: Executor = this.db): Promise<{ versionId: number; treeHash: string } | undefined> {
    const pointer = await readPublished(db);
    return pointer ? { versionId: pointer.versionId, treeHash: pointer.treeHash } : undefined;
  }

  /** A version's tree with its contents. */
  async versionTree(id: number): Promise<TreeFiles | undefined> {
    const row = await findVersion(this.db, id);
    return row ? this.tree(row.treeHash) : undefined;
  }

  /**
   * Reads and compiles the deployed tree (before the database is opened, so broken files refuse the start first).
   * A tree with errors is never stored (every stored one passed), so it always refuses: BrokenDefinitionsError.
   */
  async checkDeployed(): Promise<{ tree: TreeFiles; treeHash: string; signature: string }> {
    const signature = diskSignature(this.dirs);
    const tree = readTreeFromDisk(this.dirs);
    const treeHash = treeHashOf(tree.manifest);
    const checkedBefore = this.checkedDeployed?.wasChecked(treeHash) ?? false;
    const compiled = await this.compileDeployed(tree, treeHash, checkedBefore);
    const errors = errorsOf(compiled);
    if (errors.length > 0) throw new BrokenDefinitionsError(errors);
    if (!checkedBefore) this.checkedDeployed?.remember(treeHash);
    this.deployed = { tree, treeHash, compiled, signature };
    return this.deployed;
  }

  private get db(): Database {
    if (!this.database) throw new Error('definition versions not started');
    return this.database;
  }

  private async compileDeployed(tree: TreeFiles, treeHash: string, checkedBefore = false): Promise<CompiledTree> {
    const compiled = await this.compiler.compile(tree, this.dirs.definitionsDir, { checkedBefore });
    const warnings = compiled.problems.filter((p) => p.severity !== 'error');
    if (warnings.length > 0) this.log?.warn({ warnings: formatProblems(warnings) }, 'definition warnings');
    remember(this.trees, treeHash, tree, TREE_CACHE_SIZE);
    if (errorsOf(compiled).length === 0) remember(this.compiledTrees, treeHash, compiled, COMPILED_CACHE_SIZE);
    return compiled;
  }

  /** Stores the deployed tree as a published version (unless, at start, another server did it meanwhile). */
  private async importDeployed(
    tree: TreeFiles,
    treeHash: string,
    note: string,
    onlyIfNew: boolean,
  ): Promise<VersionView | undefined> {
    return this.db.transaction(async (tx) => {
      await lockVersions(tx);
      const published = await readPublished(tx);
      if (onlyIfNew && published && (await hasVersionWithTree(tx, treeHash))) return undefined;
      if (!onlyIfNew && published?.treeHash === treeHash) return undefined;
      await storeTree(tx, tree);
      const version = await insertVersion(tx, {
        treeHash,
        parentId: published?.versionId ?? null,
        author: deploymentAuthor,
        note,
        source: 'deployment',
        fromDraftId: null,
        rolledBackTo: null,
      });
      await setPublished(tx, version.id, deploymentAuthor);
      await insertAudit(tx, {
        actor: deploymentAuthor,
        action: 'deployment',
        versionId: version.id,
        note,
        details: { treeHash, files: Object.keys(tree.manifest).length, parentId: published?.versionId ?? null },
      });
      this.log?.info({ version: version.id, treeHash }, 'deployed definitions stored as a new published version');
      return this.toView(version, true);
    });
  }

  /** Reads the published pointer and compiles its tree (cached per tree). */
  private async loadPublished(): Promise<PublishedState> {
    const pointer = await readPublished(this.db);
    if (!pointer) throw new Error('no published definitions version');
    if (this.current?.versionId === pointer.versionId) return this.current;
    const compiled = await this.compiledTree(pointer.treeHash);
    const errors = errorsOf(compiled);
    if (errors.length > 0) {
      // A stored version this build's checks refuse (a check added since it was published) still serves every form it
      // can: said loudly at each load, rule by rule; only a version with no servable form stops the server.
      if (![...compiled.forms.values()].some((form) => form.compiled)) throw new BrokenDefinitionsError(errors);
      const unserved = [...compiled.forms.values()].filter((form) => !form.compiled).map((form) => form.form);
      this.verdicts.set(pointer.treeHash, { ok: false, problems: errors.slice(0, 3).map((e) => formatProblems([e])) });
      this.log?.error(
        { versionId: pointer.versionId, unserved, problems: formatProblems(errors) },
        `the published definitions version ${pointer.versionId} fails this build's checks (${errors.length} ` +
          `problem(s)${unserved.length > 0 ? `; not served: ${unserved.join(', ')}` : '; every form still served'}): ` +
          'publish a corrected draft',
      );
    }
    this.current = { versionId: pointer.versionId, treeHash: pointer.treeHash, compiled };
    return this.current;
  }

  /**
   * Loads the version published now when another server (or the CLI) changed it: one query, a compile only for a new
   * tree. What the published-version watcher calls on a notification or its poll; unlike refresh() it never stats
   * the definition files.
   */
  async followPublished(): Promise<PublishedState> {
    this.following ??= this.loadPublished().finally(() => {
      this.following = undefined;
    });
    return this.following;
  }

  /** The published version held in memory (after start). */
  published(): PublishedState {
    if (!this.current) throw new Error('definition versions not started');
    return this.current;
  }

  /**
   * Brings the in-memory published version up to date: a developer's edit of the definition files becomes a new
   * deployment version (a broken one is logged and the last good version kept), and a version another server (or
   * the CLI) published is picked up. One refresh at a time; cheap when nothing changed (a stat per definition file
   * and one query).
   */
  async refresh(): Promise<PublishedState> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = undefined;
    });
    await this.refreshing;
    return this.published();
  }

  private async doRefresh(): Promise<void> {
    if (this.watchDisk) {
      let signature: string | undefined;
      try {
        signature = diskSignature(this.dirs);
      } catch (error) {
        this.log?.error(
          { reason: (error as Error).message },
          'definition folder unreadable; serving the last good definition',
        );
      }
      if (signature !== undefined && signature !== this.lastDiskSignature) {
        this.lastDiskSignature = signature;
        const tree = readTreeFromDisk(this.dirs);
        const treeHash = treeHashOf(tree.manifest);
        if (treeHash !== this.lastDiskTreeHash) {
          this.lastDiskTreeHash = treeHash;
          if (treeHash !== this.current?.treeHash) {
            const compiled = await this.compileDeployed(tree, treeHash);
            const errors = errorsOf(compiled);
            if (errors.length > 0)
              this.log?.error(
                { problems: formatProblems(errors) },
                'edited definition is broken; serving the last good definition',
              );
            else await this.importDeployed(tree, treeHash, 'definitions changed on disk', false);
          }
        }
      }
    }
    await this.loadPublished();
  }

  /** A DefinitionRegistry over the published version in memory (what submits and drawings use today). */
  registry(): DefinitionRegistry {
    return {
      forms: () =>
        [...this.published().compiled.forms.keys()].filter(
          (form) => !!this.published().compiled.forms.get(form)?.compiled,
        ),
      get: (form) => {
        const entry = this.published().compiled.forms.get(form);
        return entry?.bundle && entry.compiled ? { bundle: entry.bundle, compiled: entry.compiled } : undefined;
      },
    };
  }

  /**
   * The compiled definition of form F at version V: what an order pinned to V is checked and drawn with.
   * Undefined when the version or the form does not exist.
   */
  async compiledDefinitionAt(
    form: string,
    versionId: number,
    db: Executor = this.db,
  ): Promise<(ServedDefinition & { versionId: number; treeHash: string }) | undefined> {
    const version =
      versionId === this.current?.versionId ? { treeHash: this.current.treeHash } : await findVersion(db, versionId);
    if (!version) return undefined;
    const entry = (await this.compiledTree(version.treeHash, db)).forms.get(form);
    return entry?.bundle && entry.compiled
      ? { bundle: entry.bundle, compiled: entry.compiled, versionId, treeHash: version.treeHash }
      : undefined;
  }

  /**
   * The version an order's files and drawings are made with: the one it was checked with (`definition_version_id`),
   * or, for an order stored without one (the demo seed), the version published when it was created (the first
   * version for orders older than every version). Never changes once the order exists.
   */
  async versionOfOrder(order: { definitionVersionId: number | null; createdAt: Date }): Promise<number | undefined> {
    if (order.definitionVersionId !== null) return order.definitionVersionId;
    return findVersionPublishedAt(this.db, order.createdAt);
  }

  /** The compiled definition of an order's form at its pinned version (versionOfOrder). */
  async definitionOfOrder(order: {
    formId: string;
    definitionVersionId: number | null;
    createdAt: Date;
  }): Promise<(ServedDefinition & { versionId: number; treeHash: string }) | undefined> {
    const versionId = await this.versionOfOrder(order);
    return versionId === undefined ? undefined : this.compiledDefinitionAt(order.formId, versionId);
  }

  /** Whether a draft with this id exists (any status). */
  async hasDraft(id: number): Promise<boolean> {
    return (await findDraft(this.db, id)) !== undefined;
  }

  /**
   * Impact analysis of a draft: the stored orders of the last `days` days replayed under the published version and
   * under the draft (its changes over its base version); per form, the orders whose price, completeness or posted body
   * would change. Undefined for an unknown draft.
   */
  async impactOfDraft(
    id: number,
    days: number,
    onProgress?: (done: number, total: number) => Promise<void> | void,
  ): Promise<(ImpactReport & { draftId: number; publishedVersionId: number }) | undefined> {
    const draft = await findDraft(this.db, id);
    if (!draft) return undefined;
    const draftTree = await this.draftTree(draft);
    const pointer = await readPublished(this.db);
    if (!pointer) throw new Error('no published definitions version');
    const publishedTree = await this.tree(pointer.treeHash);
    try {
      const report = await analyzeImpact(
        this.db,
        (orders) => this.work.impact(publishedTree, draftTree, orders),
        days,
        onProgress,
      );
      return { ...report, draftId: id, publishedVersionId: pointer.versionId };
    } catch (error) {
      if (error instanceof DefinitionWorkStopped)
        throw new Error(
          `the impact analysis of draft ${id} took longer than ${error.limit} on one page of orders and was stopped: ${error.doing}`,
        );
      if (error instanceof DefinitionWorkFailed)
        throw new Error(`the impact analysis of draft ${id} could not be run: ${error.message}`);
      throw error;
    }
  }

  /** The compiled definitions of a stored tree (cached). */
  async compiledTree(treeHash: string, db: Executor = this.db): Promise<CompiledTree> {
    const cached = this.compiledTrees.get(treeHash);
    if (cached) return remember(this.compiledTrees, treeHash, cached, COMPILED_CACHE_SIZE);
    const compiled = await this.compiler.compile(await this.tree(treeHash, db));
    return remember(this.compiledTrees, treeHash, compiled, COMPILED_CACHE_SIZE);
  }

  /** A stored tree with its contents (cached; trees never change). */
  async tree(treeHash: string, db: Executor = this.db): Promise<TreeFiles> {
    const cached = this.trees.get(treeHash);
    if (cached) return remember(this.trees, treeHash, cached, TREE_CACHE_SIZE);
    const manifest = await readManifest(db, treeHash);
    if (!manifest) throw new Error(`unknown definitions tree ${treeHash}`);
    const contents = await readContents(db, Object.values(manifest));
    return remember(this.trees, treeHash, { manifest, contents }, TREE_CACHE_SIZE);
  }

  // ---- versions ----------------------------------------------------------------------------------------------

  private toView(row: VersionRow & { fileCount?: number }, isPublished: boolean): VersionView {
    return {
      id: row.id,
      treeHash: row.treeHash,
      parentId: row.parentId,
      author: row.author,
      note: row.note,
      source: row.source,
      fromDraftId: row.fromDraftId,
      rolledBackTo: row.rolledBackTo,
      createdAt: new Date(row.createdAt).toISOString(),
      ...(row.fileCount !== undefined ? { fileCount: row.fileCount } : {}),
      isPublished,
    };
  }

  async listVersions(limit = 200): Promise<{ published: number | null; versions: VersionView[] }> {
    const pointer = await readPublished(this.db);
    const rows = await listVersions(this.db, limit);
    this.sweepVersionChecks(rows);
    return {
      published: pointer?.versionId ?? null,
      versions: rows.map((row) => {
        const checks = this.verdicts.get(row.treeHash);
        return { ...this.toView(row, row.id === pointer?.versionId), ...(checks ? { checks } : {}) };
      }),
    };
  }

  /**
   * Runs this build's checks, on the definition-work threads, over the listed versions whose content it has not
   * judged yet (stored by an earlier build), newest first, one sweep at a time; the next list shows the verdicts.
   */
  private sweepVersionChecks(rows: readonly VersionRow[]): void {
    if (this.sweeping) return;
    const unknown = [...new Map(rows.map((row) => [row.treeHash, row])).values()]
      .filter((row) => !this.verdicts.has(row.treeHash))
      .slice(0, SWEPT_PER_LIST);
    if (unknown.length === 0) return;
    this.sweeping = (async () => {
      for (const row of unknown) {
        const checks = await this.checkTree(await this.tree(row.treeHash), `version ${row.id}`);
        if (!checks.stopped) this.verdicts.set(row.treeHash, verdictOf(checks));
      }
    })()
      .catch((error: unknown) => this.log?.warn({ err: error }, 'checking stored definition versions failed'))
      .finally(() => {
        this.sweeping = undefined;
      });
  }

  /** The earliest version with this tree (the content of every version with it is the same). */
  async versionByTreeHash(treeHash: string): Promise<VersionRow | undefined> {
    return findVersionByTree(this.db, treeHash);
  }

  async version(id: number): Promise<(VersionView & { manifest: Manifest }) | undefined> {
    const row = await findVersion(this.db, id);
    if (!row) return undefined;
    const pointer = await readPublished(this.db);
    const manifest = (await readManifest(this.db, row.treeHash)) ?? {};
    return {
      ...this.toView({ ...row, fileCount: Object.keys(manifest).length }, row.id === pointer?.versionId),
      manifest,
    };
  }

  async versionFile(id: number, treePath: string): Promise<{ hash: string; content: string } | undefined> {
    const row = await findVersion(this.db, id);
    if (!row) return undefined;
    const tree = await this.tree(row.treeHash);
    const hash = tree.manifest[treePath];
    return hash ? { hash, content: tree.contents.get(hash)! } : undefined;
  }

  /** Semantic diff between two versions (by id). */
  async diffVersions(fromId: number, toId: number): Promise<TreeDiff | undefined> {
    const [from, to] = [await findVersion(this.db, fromId), await findVersion(this.db, toId)];
    if (!from || !to) return undefined;
    return this.diffTreesOf(
      await this.tree(from.treeHash),
      await this.compiledTree(from.treeHash),
      await this.tree(to.treeHash),
      await this.compiledTree(to.treeHash),
    );
  }

  /** Semantic diff of a draft against its base version (what publishing it would change, before a rebase). */
  async diffDraft(draftId: number): Promise<TreeDiff | undefined> {
    const draft = await findDraft(this.db, draftId);
    if (!draft) return undefined;
    const base = await findVersion(this.db, draft.baseVersionId);
    const baseTree = await this.tree(base!.treeHash);
    const tree = await this.overlay(baseTree, draft.changes);
    return this.diffTreesOf(baseTree, await this.compiledTree(base!.treeHash), tree, await this.compiler.compile(tree));
  }

  private diffTreesOf(
    fromTree: TreeFiles,
    fromCompiled: CompiledTree,
    toTree: TreeFiles,
    toCompiled: CompiledTree,
  ): TreeDiff {
    return diffTrees({ tree: fromTree, compiled: fromCompiled }, { tree: toTree, compiled: toCompiled });
  }

  // ---- drafts ------------------------------------------------------------------------------------------------

  private async draftView(draft: DraftRow, db: Executor = this.db): Promise<DraftView> {
    const base = await findVersion(db, draft.baseVersionId);
    const baseManifest = base ? ((await readManifest(db, base.treeHash)) ?? {}) : {};
    return {
      id: draft.id,
      baseVersionId: draft.baseVersionId,
      author: draft.author,
      note: draft.note,
      status: draft.status,
      revision: draft.revision,
      publishedVersionId: draft.publishedVersionId,
      createdAt: new Date(draft.createdAt).toISOString(),
      updatedAt: new Date(draft.updatedAt).toISOString(),
      changes: Object.entries(draft.changes)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([treePath, hash]) => ({ path: treePath, baseHash: baseManifest[treePath] ?? null, hash })),
    };
  }

  /** A tree with a change set laid over it (contents of new hashes read from the database). */
  private async overlay(
    base: TreeFiles,
    changes: Record<string, string | null>,
    db: Executor = this.db,
  ): Promise<TreeFiles> {
    const manifest: Manifest = { ...base.manifest };
    for (const [treePath, hash] of Object.entries(changes)) {
      if (hash === null) delete manifest[treePath];
      else manifest[treePath] = hash;
    }
    const needed = Object.values(changes).filter((h): h is string => h !== null && !base.contents.has(h));
    const contents = new Map(base.contents);
    for (const [hash, content] of await readContents(db, needed)) contents.set(hash, content);
    return { manifest: sortManifest(manifest), contents };
  }

  async draftTree(draft: DraftRow): Promise<TreeFiles> {
    const base = await findVersion(this.db, draft.baseVersionId);
    return this.overlay(await this.tree(base!.treeHash), draft.changes);
  }

  async listDrafts(status?: DraftRow['status']): Promise<DraftView[]> {
    return Promise.all((await listDrafts(this.db, status)).map((draft) => this.draftView(draft)));
  }

  /** Opens a draft on the published version; `changes` lets `import DIR` open it with files already changed. */
  async openDraft(
    actor: string,
    note: string,
    changes: Record<string, string | null> = {},
    contents: Map<string, string> = new Map(),
  ): Promise<DraftOutcome> {
    for (const treePath of Object.keys(changes)) {
      const problem = treePathProblem(treePath);
      if (problem) return { kind: 'invalid', message: `${treePath}: ${problem}` };
    }
    const draft = await this.db.transaction(async (tx) => {
      const pointer = await readPublished(tx);
      if (!pointer) throw new Error('no published definitions version');
      for (const hash of Object.values(changes)) if (hash !== null) await storeFile(tx, hash, contents.get(hash)!);
      const row = await insertDraft(tx, { baseVersionId: pointer.versionId, author: actor, note, changes });
      await insertAudit(tx, {
        actor,
        action: 'draft.open',
        draftId: row.id,
        versionId: pointer.versionId,
        note,
        details: { baseVersionId: pointer.versionId, changedPaths: Object.keys(changes) },
      });
      return row;
    });
    return this.answerDraft(draft);
  }

  private async answerDraft(draft: DraftRow): Promise<DraftOutcome> {
    const checks = await this.checkTree(await this.draftTree(draft), `draft ${draft.id}`);
    return { kind: 'ok', draft: await this.draftView(draft), checks };
  }

  /** One file as the draft holds it (hash and content null: absent); undefined for an unknown draft. */
  async draftFile(id: number, treePath: string): Promise<{ hash: string | null; content: string | null } | undefined> {
    const draft = await findDraft(this.db, id);
    if (!draft) return undefined;
    const tree = await this.draftTree(draft);
    const hash = tree.manifest[treePath] ?? null;
    return { hash, content: hash === null ? null : (tree.contents.get(hash) ?? null) };
  }

  /** Every file the draft holds under `folder` (sorted by path); undefined for an unknown draft. */
  async draftFolder(
    id: number,
    folder: string,
  ): Promise<{ path: string; hash: string; content: string }[] | undefined> {
    const draft = await findDraft(this.db, id);
    if (!draft) return undefined;
    const tree = await this.draftTree(draft);
    const prefix = `${folder}/`;
    return Object.entries(tree.manifest)
      .filter(([treePath]) => treePath.startsWith(prefix))
      .map(([treePath, hash]) => ({ path: treePath, hash, content: tree.contents.get(hash) ?? '' }));
  }

  async getDraft(id: number): Promise<DraftOutcome> {
    const draft = await findDraft(this.db, id);
    if (!draft) return { kind: 'not-found', message: `No definitions draft ${id}` };
    return this.answerDraft(draft);
  }

  /**
   * Writes (content) or deletes (content null) one file of a draft. `baseHash` is the file's hash the editor started
   * from (null: the file did not exist); when the draft holds another one now, nothing changes and the answer is a
   * conflict with both versions.
   */
  async editFile(
    actor: string,
    id: number,
    treePath: string,
    content: string | null,
    baseHash: string | null,
  ): Promise<DraftOutcome> {
    const problem = treePathProblem(treePath);
    if (problem) return { kind: 'invalid', message: `${treePath}: ${problem}` };
    if (content !== null && Buffer.byteLength(content, 'utf8') > maxDraftFileBytes)
      return { kind: 'invalid', message: `${treePath}: larger than ${maxDraftFileBytes} bytes` };
    const outcome = await this.db.transaction(async (tx): Promise<DraftOutcome | DraftRow> => {
      const draft = await findDraft(tx, id, true);
      if (!draft) return { kind: 'not-found', message: `No definitions draft ${id}` };
      if (draft.status !== 'open')
        return { kind: 'closed', message: `Draft ${id} is ${draft.status}; open a new draft` };
      const base = await findVersion(tx, draft.baseVersionId);
      const baseManifest = (await readManifest(tx, base!.treeHash)) ?? {};
      const current = treePath in draft.changes ? draft.changes[treePath] : (baseManifest[treePath] ?? null);
      const hash = content === null ? null : sha256(content);
      if ((baseHash ?? null) !== current) {
        const theirs = current === null ? null : ((await readContents(tx, [current])).get(current) ?? null);
        return {
          kind: 'conflict',
          message: `${treePath} changed in draft ${id} since you read it (your base ${baseHash ?? 'none'}, now ${current ?? 'deleted'}); nothing was saved`,
          conflict: {
            path: treePath,
            yours: { baseHash, hash, content },
            theirs: { hash: current, content: theirs, revision: draft.revision },
          },
        };
      }
      if (content === null && current === null)
        return { kind: 'invalid', message: `${treePath} is not in draft ${id}` };
      if (hash !== null) await storeFile(tx, hash, content!);
      const changes = { ...draft.changes };
      if ((baseManifest[treePath] ?? null) === hash) delete changes[treePath];
      else changes[treePath] = hash;
      const updated = await updateDraft(tx, id, { changes, revision: draft.revision + 1 });
      await insertAudit(tx, {
        actor,
        action: content === null ? 'draft.delete-file' : 'draft.put-file',
        draftId: id,
        path: treePath,
        details: { from: current, to: hash, revision: updated.revision },
      });
      return updated;
    });
    return 'kind' in outcome ? outcome : this.answerDraft(outcome);
  }

  async discardDraft(actor: string, id: number, note: string): Promise<DraftOutcome> {
    const outcome = await this.db.transaction(async (tx): Promise<DraftOutcome | DraftRow> => {
      const draft = await findDraft(tx, id, true);
      if (!draft) return { kind: 'not-found', message: `No definitions draft ${id}` };
      if (draft.status !== 'open') return { kind: 'closed', message: `Draft ${id} is ${draft.status}` };
      const updated = await updateDraft(tx, id, { status: 'discarded' });
      await insertAudit(tx, { actor, action: 'draft.discard', draftId: id, note });
      return updated;
    });
    return 'kind' in outcome ? outcome : this.answerDraft(outcome);
  }

  /**
   * Publishes a draft: its changes laid over the version published now (a file another publish changed since the
   * draft was opened, and the draft changed too, is a conflict), only if the static checks and every golden order
   * pass; else refused naming the failing orders. Each attempt is audited.
   */
  async publishDraft(actor: string, id: number, note: string): Promise<PublishOutcome> {
    const draft = await findDraft(this.db, id);
    if (!draft) return { kind: 'not-found', message: `No definitions draft ${id}` };
    if (draft.status !== 'open') return { kind: 'closed', message: `Draft ${id} is ${draft.status}` };
    const pointer = await readPublished(this.db);
    const base = await findVersion(this.db, draft.baseVersionId);
    const baseTree = await this.tree(base!.treeHash);
    const publishedTree = await this.tree(pointer!.treeHash);
    const overlapping = Object.keys(draft.changes).filter(
      (p) => (baseTree.manifest[p] ?? null) !== (publishedTree.manifest[p] ?? null),
    );
    if (overlapping.length > 0) {
      await insertAudit(this.db, {
        actor,
        action: 'publish.refused',
        draftId: id,
        note,
        details: { reason: 'conflict', paths: overlapping, publishedVersionId: pointer!.versionId },
      });
      return {
        kind: 'conflict',
        message: `Version ${pointer!.versionId} was published after draft ${id} was opened and changed the same files: ${overlapping.join(', ')}; open a new draft`,
        paths: overlapping,
      };
    }
    const tree = await this.overlay(publishedTree, draft.changes);
    const checks = await this.checkTree(tree, `draft ${id}`);
    if (!checks.ok) {
      const failingOrders = failingOrderNames(checks);
      await insertAudit(this.db, {
        actor,
        action: 'publish.refused',
        draftId: id,
        note,
        details: {
          reason: 'checks',
          staticErrors: checks.staticChecks.errors,
          failingOrders,
          ...(checks.stopped ? { stopped: checks.stopped } : {}),
        },
      });
      return { kind: 'refused', message: refusalMessage(checks), failingOrders, checks };
    }
    const compiled = await this.compiler.compile(tree); // what this thread serves once published
    const treeHash = treeHashOf(tree.manifest);
    this.verdicts.set(treeHash, PASSED);
    const outcome = await this.db.transaction(async (tx): Promise<PublishOutcome> => {
      await lockVersions(tx);
      const now = await readPublished(tx);
      const locked = await findDraft(tx, id, true);
      if (now?.versionId !== pointer!.versionId || locked?.revision !== draft.revision || locked.status !== 'open') {
        return {
          kind: 'conflict',
          message: `Draft ${id} or the published version changed while it was being checked; publish again`,
        };
      }
      await storeTree(tx, tree);
      const version = await insertVersion(tx, {
        treeHash,
        parentId: pointer!.versionId,
        author: actor,
        note: note || draft.note,
        source: 'publish',
        fromDraftId: id,
        rolledBackTo: null,
      });
      await setPublished(tx, version.id, actor);
      await updateDraft(tx, id, { status: 'published', publishedVersionId: version.id });
      await insertAudit(tx, {
        actor,
        action: 'publish',
        draftId: id,
        versionId: version.id,
        note: note || draft.note,
        details: {
          treeHash,
          parentId: pointer!.versionId,
          changedPaths: Object.keys(draft.changes),
          goldenOrders: checks.goldenOrders.total,
        },
      });
      return { kind: 'ok', version: this.toView(version, true), checks };
    });
    if (outcome.kind === 'ok') this.adopt(outcome.version.id, treeHash, tree, compiled);
    return outcome;
  }

  /** Publishes an earlier version's content as a new version (checked as a publish is). */
  async rollback(actor: string, targetId: number, note: string): Promise<PublishOutcome> {
    const target = await findVersion(this.db, targetId);
    if (!target) return { kind: 'not-found', message: `No definitions version ${targetId}` };
    const tree = await this.tree(target.treeHash);
    const checks = await this.checkTree(tree, `version ${targetId}`);
    if (!checks.stopped) this.verdicts.set(target.treeHash, verdictOf(checks));
    if (!checks.ok) {
      const failingOrders = failingOrderNames(checks);
      await insertAudit(this.db, {
        actor,
        action: 'rollback.refused',
        versionId: targetId,
        note,
        details: {
          staticErrors: checks.staticChecks.errors,
          failingOrders,
          ...(checks.stopped ? { stopped: checks.stopped } : {}),
        },
      });
      return { kind: 'refused', message: refusalMessage(checks), failingOrders, checks };
    }
    const compiled = await this.compiledTree(target.treeHash); // what this thread serves once published
    const outcome = await this.db.transaction(async (tx): Promise<PublishOutcome> => {
      await lockVersions(tx);
      const pointer = await readPublished(tx);
      const version = await insertVersion(tx, {
        treeHash: target.treeHash,
        parentId: pointer?.versionId ?? null,
        author: actor,
        note: note || `rollback to version ${targetId}`,
        source: 'rollback',
        fromDraftId: null,
        rolledBackTo: targetId,
      });
      await setPublished(tx, version.id, actor);
      await insertAudit(tx, {
        actor,
        action: 'rollback',
        versionId: version.id,
        note: note || null,
        details: { rolledBackTo: targetId, treeHash: target.treeHash, parentId: pointer?.versionId ?? null },
      });
      return { kind: 'ok', version: this.toView(version, true), checks };
    });
    if (outcome.kind === 'ok') this.adopt(outcome.version.id, target.treeHash, tree, compiled);
    return outcome;
  }

  /** Serves a version this process just published, without a round trip. */
  private adopt(versionId: number, treeHash: string, tree: TreeFiles, compiled: CompiledTree): void {
    remember(this.trees, treeHash, tree, TREE_CACHE_SIZE);
    remember(this.compiledTrees, treeHash, compiled, COMPILED_CACHE_SIZE);
    this.current = { versionId, treeHash, compiled };
  }

  async audit(filter: AuditFilter) {
    const rows = await listAudit(this.db, filter);
    return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  }

  /** Changes that turn the published tree into `tree` (for `import DIR`): path -> new hash or null. */
  changesFrom(published: Manifest, tree: Manifest): Record<string, string | null> {
    const changes: Record<string, string | null> = {};
    for (const [treePath, hash] of Object.entries(tree)) if (published[treePath] !== hash) changes[treePath] = hash;
    for (const treePath of Object.keys(published)) if (!(treePath in tree)) changes[treePath] = null;
    return changes;
  }
}

/** Paths under definitions/ whose files a change set touches (to tell staff what a draft edits). */
export function definitionPathsOf(changes: Record<string, string | null>): string[] {
  return Object.keys(changes).filter((p) => p.startsWith(definitionsPrefix));
}
