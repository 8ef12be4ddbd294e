/**
 * Compiling a tree and checking it: the static checks of `npm run check:definitions` (src/definition-tree, the one
 * reader both use: in memory for drafts and versions, through the disk for the deployed folder) and the golden orders
 * of `npm run check:orders` (checkGoldenOrderText, the one replay both use).
 * A form is compiled again only when a file in a folder it reads changed; a golden order is replayed again only when
 * it or its form's compiled definition changed.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { CompiledDefinition, DefinitionBundle, Problem } from '../../../engine/index';
import { readDefinitionFolder, type LoadedDefinition } from '../../definitions/index';
import {
  checkGoldenOrderText,
  createMemoryFiles,
  formOfOrderText,
  loadDefinitionFromFiles,
  type DefinitionFiles,
  type OrderResult,
} from '../../../definition-tree/index';
import { definitionsPrefix, goldenPrefix, type Manifest, type TreeFiles } from './tree';

/** One form of a compiled tree: served when it has a bundle and a compiled definition and no error. */
export interface CompiledForm {
  form: string;
  bundle?: DefinitionBundle;
  compiled?: CompiledDefinition;
  problems: Problem[];
  /** sha256 of the served bundle (form, schema, ui, rules, data). */
  bundleHash?: string;
}

/** A whole tree compiled: every form, every problem (errors and warnings). */
export interface CompiledTree {
  forms: Map<string, CompiledForm>;
  problems: Problem[];
}

/** Golden-order outcome of a tree. */
export interface GoldenSummary {
  total: number;
  passed: number;
  failed: number;
  invalid: number;
  /** Every order that did not pass, with its differences or reasons. */
  failures: OrderResult[];
}

/** A problem of a tree's checks: the static checks' own, or the checks not ending (their time limit). */
export type CheckProblem = Omit<Problem, 'check'> & { check: Problem['check'] | 'time-limit' };

/** What a draft's change answers: the static checks and the golden orders, and whether it could be published. */
export interface TreeChecks {
  ok: boolean;
  staticChecks: {
    errors: number;
    warnings: number;
    problems: CheckProblem[];
    forms: { form: string; rules?: number; problems: number }[];
  };
  goldenOrders: GoldenSummary;
  /** Milliseconds spent compiling and replaying (cached forms and orders cost nothing). */
  tookMs: number;
  /** Set when the checks were stopped before they ended (the time limit): why. Such checks are never ok. */
  stopped?: string;
}

/** What a check is doing now (a form compiled, a golden order replayed): what a stopped check names. */
export interface CheckStep {
  doing: string;
  /** The tree path of the form's folder or the golden order. */
  file: string;
}

export type OnCheckStep = (step: CheckStep) => void;

/** Checks that did not end (stopped at their time limit, or their thread failed): one error saying why, never ok. */
export function unfinishedChecks(reason: string, file: string, tookMs: number): TreeChecks {
  return {
    ok: false,
    staticChecks: {
      errors: 1,
      warnings: 0,
      problems: [{ file, path: '/', reason, check: 'time-limit', severity: 'error' }],
      forms: [],
    },
    goldenOrders: { total: 0, passed: 0, failed: 0, invalid: 0, failures: [] },
    tookMs: Math.round(tookMs),
    stopped: reason,
  };
}

/** Form ids of a tree: folders directly under definitions/ that hold a rules.json. */
export function formsOf(manifest: Manifest): string[] {
  const forms = new Set<string>();
  for (const treePath of Object.keys(manifest)) {
    const match = /^definitions\/([^/]+)\/rules\.json$/.exec(treePath);
    if (match && match[1] !== 'demo-data') forms.add(match[1]);
  }
  return [...forms].sort();
}

function dirOf(treePath: string): string {
  return treePath.slice(0, treePath.lastIndexOf('/') + 1);
}

/** Compiled forms kept per form (the published version and a few drafts'). */
const FORM_CACHE_SIZE = 4;

/** What a form read last time (folders, as tree path prefixes), and the files of those folders then. */
interface FormCacheEntry {
  folders: string[];
  signature: string;
  result: CompiledForm;
}

/**
 * Forms compiled from a folder on disk, by folder and form, shared by every compiler of the process: a process that
 * builds many apps on one deployed folder (the tests) compiles and checks it once. A server builds one.
 */
const onDiskFormCache = new Map<string, FormCacheEntry[]>();
/** Folder-and-form keys kept (tests compile many throwaway copies of the folder; a server one). */
const ON_DISK_KEYS = 64;

function findCurrent(entries: FormCacheEntry[] | undefined, manifest: Manifest): FormCacheEntry | undefined {
  return entries?.find((entry) => signatureOf(manifest, entry.folders) === entry.signature);
}

function rememberEntry(cache: Map<string, FormCacheEntry[]>, key: string, entry: FormCacheEntry): void {
  cache.set(key, [entry, ...(cache.get(key) ?? []).filter((other) => other !== entry)].slice(0, FORM_CACHE_SIZE));
}

/** As rememberEntry, the key made the newest; the oldest keys go beyond ON_DISK_KEYS. */
function rememberOnDisk(key: string, entry: FormCacheEntry): void {
  const entries = onDiskFormCache.get(key) ?? [];
  onDiskFormCache.delete(key);
  onDiskFormCache.set(key, [entry, ...entries.filter((other) => other !== entry)].slice(0, FORM_CACHE_SIZE));
  for (const oldest of onDiskFormCache.keys()) {
    if (onDiskFormCache.size <= ON_DISK_KEYS) break;
    onDiskFormCache.delete(oldest);
  }
}

function signatureOf(manifest: Manifest, folders: string[]): string {
  const hash = createHash('sha256');
  const wanted = new Set(folders);
  for (const [treePath, fileHash] of Object.entries(manifest))
    if (wanted.has(dirOf(treePath))) hash.update(`${treePath}\0${fileHash}\n`);
  return hash.digest('hex');
}

function hashBundle(bundle: DefinitionBundle): string {
  const { form, schema, ui, rules, data } = bundle;
  return createHash('sha256')
    .update(JSON.stringify({ form, schema, ui, rules, data: data ?? {} }))
    .digest('hex');
}

/** Reading a form, with anything it throws (a stack overflow in an unforeseen shape) turned into a problem. */
function readSafely(read: () => LoadedDefinition, form: string, folder: string): LoadedDefinition {
  try {
    return read();
  } catch (error) {
    return {
      form,
      problems: [
        {
          file: folder,
          path: '/',
          reason: `cannot be compiled: ${(error as Error).message}`,
          check: 'schema',
          severity: 'error',
        },
      ],
    };
  }
}

/** The tree's definitions/ files, in memory, as the reader reads them (paths are tree paths). */
function definitionFilesOf(tree: TreeFiles): DefinitionFiles {
  const contents = new Map<string, string>();
  for (const [treePath, hash] of Object.entries(tree.manifest))
    if (treePath.startsWith(definitionsPrefix)) contents.set(treePath, tree.contents.get(hash) ?? '');
  return createMemoryFiles(contents);
}

/**
 * Compiles trees, reusing per form what an earlier compile made when none of the folders the form read changed
 * (a price table edit recompiles the forms that include it, not all ten).
 */
export class TreeCompiler {
  private readonly formCache = new Map<string, FormCacheEntry[]>();
  private readonly orderCache = new WeakMap<CompiledDefinition, Map<string, OrderResult>>();

  /**
   * Compile the definitions of a tree. `onDisk` names the folder the tree's definitions/ already lives in (the
   * deployed one: read through the disk, where symlinks are checked, problems named as at start-up), else the tree is
   * read in memory and problems name tree paths. `checkedBefore`: the deployed tree passed every check at an earlier
   * start of this build (compiled only; kept out of the per-form cache, whose entries carry their checks' problems).
   */
  async compile(
    tree: TreeFiles,
    onDisk?: string,
    options: { checkedBefore?: boolean; onStep?: OnCheckStep } = {},
  ): Promise<CompiledTree> {
    const checkedBefore = !!(onDisk && options.checkedBefore);
    const root = onDisk ? path.resolve(onDisk) : undefined;
    const forms = new Map<string, CompiledForm>();
    const stale: string[] = [];
    for (const form of formsOf(tree.manifest)) {
      const cached =
        findCurrent(this.formCache.get(form), tree.manifest) ??
        (root && !checkedBefore ? findCurrent(onDiskFormCache.get(`${root}\0${form}`), tree.manifest) : undefined);
      if (cached) {
        forms.set(form, cached.result);
        rememberEntry(this.formCache, form, cached);
      } else stale.push(form);
    }
    if (stale.length === 0) return { forms, problems: [...forms.values()].flatMap((f) => f.problems) };
    const files = root ? undefined : definitionFilesOf(tree);
    // The deployed folder's reader names display paths; the folders a form read are tree paths for the cache.
    const toTreePath = (file: string) =>
      root ? `${definitionsPrefix}${path.relative(root, path.resolve(file)).split(path.sep).join('/')}` : file;
    for (const form of stale) {
      options.onStep?.({ doing: `compiling the form ${form}`, file: `${definitionsPrefix}${form}` });
      const loaded = root
        ? readSafely(
            () => readDefinitionFolder(path.join(root, form), form, { checkedBefore }),
            form,
            path.join(root, form),
          )
        : readSafely(() => loadDefinitionFromFiles(files!, form), form, `${definitionsPrefix}${form}`);
      const problems = [...loaded.problems];
      if (!problems.some((p) => p.severity === 'error') && !(loaded.bundle && loaded.compiled)) {
        problems.push({
          file: `${definitionsPrefix}${form}`,
          path: '/',
          reason: 'definition could not be compiled',
          check: 'schema',
          severity: 'error',
        });
      }
      // A rule the budget probe refuses still runs within the budget at every pass: a stored version holding one is
      // served (its publish was refused or came before the probe); every other error leaves the form unserved.
      const isServable = !problems.some((p) => p.severity === 'error' && p.check !== 'budget');
      const result: CompiledForm = {
        form,
        problems,
        ...(isServable
          ? { bundle: loaded.bundle, compiled: loaded.compiled, bundleHash: hashBundle(loaded.bundle!) }
          : {}),
      };
      forms.set(form, result);
      // A broken form is not kept: what it failed to read (a missing include) is not in its folders.
      if (!isServable || checkedBefore) continue;
      const read = loaded.bundle ? Object.values(loaded.bundle.files ?? {}).map((file) => dirOf(toTreePath(file))) : [];
      const folders = [...new Set([`${definitionsPrefix}${form}/`, ...read])].sort();
      const entry = { folders, signature: signatureOf(tree.manifest, folders), result };
      rememberEntry(this.formCache, form, entry);
      if (root) rememberOnDisk(`${root}\0${form}`, entry);
    }
    const problems = [...forms.values()].flatMap((f) => f.problems);
    return { forms, problems };
  }

  /** Replay every golden order of the tree against its compiled forms (an order of an unknown form is invalid). */
  runGoldenOrders(tree: TreeFiles, compiled: CompiledTree, onStep?: OnCheckStep): GoldenSummary {
    const definitions = new Map<string, { compiled: CompiledDefinition }>();
    for (const [form, entry] of compiled.forms) if (entry.compiled) definitions.set(form, { compiled: entry.compiled });
    const failures: OrderResult[] = [];
    let total = 0;
    let passed = 0;
    let invalid = 0;
    const orders = Object.keys(tree.manifest).filter((treePath) => treePath.startsWith(goldenPrefix)).length;
    for (const [treePath, hash] of Object.entries(tree.manifest)) {
      if (!treePath.startsWith(goldenPrefix)) continue;
      total += 1;
      const text = tree.contents.get(hash) ?? '';
      const form = formOfOrderText(text);
      const definition = form ? definitions.get(form)?.compiled : undefined;
      let result: OrderResult | undefined;
      const cache = definition ? (this.orderCache.get(definition) ?? new Map<string, OrderResult>()) : undefined;
      if (definition && cache) {
        this.orderCache.set(definition, cache);
        result = cache.get(hash);
      }
      if (!result) {
        onStep?.({ doing: `replaying the golden order ${treePath} (${total} of ${orders})`, file: treePath });
        result = checkGoldenOrderText(treePath, text, definitions);
        cache?.set(hash, result);
      }
      if (result.file !== treePath) result = { ...result, file: treePath };
      if (result.status === 'pass') passed += 1;
      else {
        if (result.status === 'invalid') invalid += 1;
        failures.push(result);
      }
    }
    return { total, passed, failed: total - passed, invalid, failures };
  }

  /** Static checks and golden orders of a tree: what every draft change answers and what publishing requires. */
  async check(
    tree: TreeFiles,
    onDisk?: string,
    onStep?: OnCheckStep,
  ): Promise<{ compiled: CompiledTree; checks: TreeChecks }> {
    const started = performance.now();
    const compiled = await this.compile(tree, onDisk, { onStep });
    const goldenOrders = this.runGoldenOrders(tree, compiled, onStep);
    const errors = compiled.problems.filter((p) => p.severity === 'error').length;
    const staticChecks = {
      errors,
      warnings: compiled.problems.length - errors,
      problems: compiled.problems,
      forms: [...compiled.forms.values()].map((f) => ({
        form: f.form,
        ...(f.compiled ? { rules: f.compiled.ruleIds.length } : {}),
        problems: f.problems.length,
      })),
    };
    const ok = errors === 0 && goldenOrders.failed === 0;
    return { compiled, checks: { ok, staticChecks, goldenOrders, tookMs: Math.round(performance.now() - started) } };
  }
}
