/**
 * Golden orders of a tree in memory: compile its forms and replay the orders under tests/golden/ against them, as the
 * workbench does in a Web Worker on every edit. A DefinitionCompiler keeps what earlier runs compiled and replayed, so
 * an edit recompiles only the forms that read the edited folder and replays only their orders.
 */
import type { CompiledDefinition, DefinitionBundle, Problem } from '../engine/index';
import { createMemoryFiles, type FileContents } from './definition-files';
import {
  checkGoldenOrder,
  formOfOrderText,
  type CompiledForms,
  type FormCoverage,
  type GoldenOrderOutcome,
} from './golden-orders';
import {
  DEFINITIONS_ROOT,
  listForms,
  loadDefinitionFromFiles,
  type LoadedFromFiles,
  type LoadOptions,
} from './load-definition';
import type { SourceMap } from './merge-includes';
import { folderOf } from './tree-paths';

/** Where golden orders live in a tree. */
export const GOLDEN_ROOT = 'tests/golden';

/** One form compiled from files in memory, with the folders it read (an edit elsewhere leaves it as it is). */
export interface CompiledFormInMemory {
  form: string;
  bundle?: DefinitionBundle;
  /** Absent when the form has an error. */
  compiled?: CompiledDefinition;
  problems: Problem[];
  sources?: SourceMap;
  /** Folders the form read (tree paths). */
  folders: string[];
}

function pathsOf(contents: FileContents): Iterable<string> {
  return contents instanceof Map ? contents.keys() : Object.keys(contents);
}

function contentOf(contents: FileContents, path: string): string | undefined {
  return contents instanceof Map ? contents.get(path) : (contents as Record<string, string>)[path];
}

/** The files of the folders, in path order, as [path, content] pairs (what a compiled form depends on). */
function snapshotOf(contents: FileContents, folders: ReadonlySet<string>): [string, string][] {
  const paths = [...pathsOf(contents)].filter((path) => folders.has(folderOf(path))).sort();
  return paths.map((path) => [path, contentOf(contents, path)!]);
}

function isSameSnapshot(a: [string, string][], b: [string, string][]): boolean {
  return a.length === b.length && a.every(([path, content], i) => path === b[i][0] && content === b[i][1]);
}

/** The folders a loaded form read: its own, and the folder of every file its bundle names (includes, data). */
function foldersRead(loaded: LoadedFromFiles, folder: string): string[] {
  const read = Object.values(loaded.bundle?.files ?? {}).map(folderOf);
  return [...new Set([folder, ...read])].sort();
}

/** Compiled forms kept per form. */
const CACHE_SIZE = 4;

/**
 * Compiles the forms of trees in memory, keeping a few results per form: a form is compiled again only when a file of
 * a folder it read changed (or one was added there). Keeps each golden order's outcome per compiled definition too.
 * Lives where the runs happen (one per Web Worker); what it answers is structured-cloneable but the compiled
 * definitions.
 */
export class DefinitionCompiler {
  /** `{ staticChecks: false }`: compile only (a preview beside a worker that runs the checks). */
  constructor(private readonly options: LoadOptions = {}) {}

  private readonly forms = new Map<string, { snapshot: [string, string][]; result: CompiledFormInMemory }[]>();
  private readonly orders = new WeakMap<CompiledDefinition, Map<string, GoldenOrderOutcome>>();

  /** One form of the tree (`definitions/<form>/` and its includes). */
  compile(contents: FileContents, form: string): CompiledFormInMemory {
    const entries = this.forms.get(form) ?? [];
    // One snapshot per set of folders for this call: the kept results of a form mostly read the same folders.
    const snapshots = new Map<string, [string, string][]>();
    const snapshotFor = (folders: readonly string[]) => {
      const key = folders.join('\n');
      let snapshot = snapshots.get(key);
      if (!snapshot) snapshots.set(key, (snapshot = snapshotOf(contents, new Set(folders))));
      return snapshot;
    };
    const hit = entries.find((entry) => isSameSnapshot(entry.snapshot, snapshotFor(entry.result.folders)));
    if (hit) {
      this.forms.set(form, [hit, ...entries.filter((entry) => entry !== hit)]);
      return hit.result;
    }
    const folder = `${DEFINITIONS_ROOT}/${form}`;
    let loaded: LoadedFromFiles;
    try {
      loaded = loadDefinitionFromFiles(createMemoryFiles(contents), form, DEFINITIONS_ROOT, this.options);
    } catch (error) {
      // An unforeseen shape that throws (a stack overflow) is a problem of the form, as on the server.
      loaded = {
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
    const hasError = loaded.problems.some((p) => p.severity === 'error');
    const result: CompiledFormInMemory = {
      form,
      problems: loaded.problems,
      folders: foldersRead(loaded, folder),
      ...(loaded.bundle ? { bundle: loaded.bundle } : {}),
      ...(loaded.sources ? { sources: loaded.sources } : {}),
      ...(loaded.compiled && !hasError ? { compiled: loaded.compiled } : {}),
    };
    // A broken form is not kept: what it failed to read (a missing include) is not among its folders.
    if (result.compiled) {
      const snapshot = snapshotFor(result.folders);
      this.forms.set(form, [{ snapshot, result }, ...entries].slice(0, CACHE_SIZE));
    }
    return result;
  }

  /** A golden order's outcome against a compiled definition, replayed once per definition and order text. */
  checkOrder(file: string, text: string, definitions: CompiledForms, form: string | undefined): GoldenOrderOutcome {
    const definition = form === undefined ? undefined : definitions.get(form)?.compiled;
    const cache = definition ? (this.orders.get(definition) ?? new Map<string, GoldenOrderOutcome>()) : undefined;
    if (definition && cache) this.orders.set(definition, cache);
    let outcome = cache?.get(text);
    if (!outcome) {
      outcome = checkGoldenOrder(file, text, definitions, { listFired: true });
      cache?.set(text, outcome);
    }
    return outcome.file === file ? outcome : { ...outcome, file };
  }
}

/** A form compiled for a run: whether it runs, its rule count and its problems. */
export interface FormCheck {
  form: string;
  /** Compiled without an error (its golden orders can run). */
  ok: boolean;
  rules: number;
  problems: Problem[];
}

/** Coverage of a form by its golden orders, with how many orders fired each rule. */
export interface FormCoverageDetail extends FormCoverage {
  /** Every rule id, in rule order. */
  ruleIds: string[];
  /** Orders that fired each rule (rules no order fired are absent). */
  timesFired: Record<string, number>;
}

/** What a run of the golden orders of a tree in memory answers (structured-cloneable: a Web Worker posts it). */
export interface GoldenOrdersReport {
  forms: FormCheck[];
  /** Each golden order of those forms, in path order; `differences` hold expected and actual per expectation. */
  orders: GoldenOrderOutcome[];
  total: number;
  passed: number;
  /** Orders that did not pass (invalid ones included). */
  failed: number;
  invalid: number;
  /** Per compiled form: rules fired by its orders. */
  coverage: FormCoverageDetail[];
  /** Milliseconds compiling (0 when every form came from the compiler's cache) and replaying. */
  tookMs: { compile: number; replay: number };
}

/** Options of runGoldenOrdersInMemory. */
export interface RunInMemoryOptions {
  /** Only this form and its golden orders (default: every form of the tree and every golden order). */
  form?: string;
  /** Keeps compiled forms and order outcomes between runs (default: a new one, nothing kept). */
  compiler?: DefinitionCompiler;
  /** Keep each order's list of fired rule ids in `orders[].fired` (default: left out, coverage has the totals). */
  firedPerOrder?: boolean;
}

/**
 * Compile the forms of a tree held in memory (`definitions/...` paths) and replay the golden orders it holds
 * (`tests/golden/...`; an order belongs to the form it names, or, when it names none, to the folder it is in).
 * @example runGoldenOrdersInMemory(draftFiles, { form: 'sunroom', compiler }) // { forms, orders, passed, coverage, ... }
 */
export function runGoldenOrdersInMemory(contents: FileContents, options: RunInMemoryOptions = {}): GoldenOrdersReport {
  const compiler = options.compiler ?? new DefinitionCompiler();
  const started = performance.now();
  const formIds = options.form !== undefined ? [options.form] : listForms(createMemoryFiles(contents));
  const compiledForms = formIds.map((form) => compiler.compile(contents, form));
  const definitions = new Map<string, { compiled: CompiledDefinition }>();
  for (const entry of compiledForms) if (entry.compiled) definitions.set(entry.form, { compiled: entry.compiled });
  const compiled = performance.now();

  const orders: GoldenOrderOutcome[] = [];
  const timesFired = new Map<string, Record<string, number>>();
  const goldenPrefix = `${GOLDEN_ROOT}/`;
  for (const path of [...pathsOf(contents)].filter((p) => p.startsWith(goldenPrefix) && p.endsWith('.json')).sort()) {
    const text = contentOf(contents, path)!;
    const form = formOfOrderText(text);
    const belongs =
      options.form === undefined ||
      form === options.form ||
      (form === undefined && path.startsWith(`${goldenPrefix}${options.form}/`));
    if (!belongs) continue;
    const { fired, ...outcome } = compiler.checkOrder(path, text, definitions, form);
    if (fired && form !== undefined) {
      const counts = timesFired.get(form) ?? (Object.create(null) as Record<string, number>);
      timesFired.set(form, counts);
      for (const id of fired) counts[id] = (counts[id] ?? 0) + 1;
    }
    orders.push(options.firedPerOrder && fired ? { ...outcome, fired } : outcome);
  }
  const replayed = performance.now();

  const passed = orders.filter((o) => o.status === 'pass').length;
  const invalid = orders.filter((o) => o.status === 'invalid').length;
  return {
    forms: compiledForms.map((entry) => ({
      form: entry.form,
      ok: entry.compiled !== undefined,
      rules: entry.compiled?.ruleIds.length ?? 0,
      problems: entry.problems,
    })),
    orders,
    total: orders.length,
    passed,
    failed: orders.length - passed,
    invalid,
    coverage: compiledForms.flatMap((entry) => coverageOfForm(entry, timesFired.get(entry.form) ?? {})),
    tookMs: { compile: Math.round(compiled - started), replay: Math.round(replayed - compiled) },
  };
}

/** Rules of a compiled form fired by its orders (none for a form that does not compile). */
function coverageOfForm(entry: CompiledFormInMemory, timesFired: Record<string, number>): FormCoverageDetail[] {
  if (!entry.compiled) return [];
  const ruleIds = [...entry.compiled.ruleIds];
  const unfired = ruleIds.filter((id) => timesFired[id] === undefined);
  return [
    { form: entry.form, fired: ruleIds.length - unfired.length, defined: ruleIds.length, unfired, ruleIds, timesFired },
  ];
}
