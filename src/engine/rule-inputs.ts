/**
 * The derivation's dependency index, built once per definition: the scope keys each rule of a round (force, options,
 * compute, show/hide) reads, as small numbers. With InputValues a round tells, without looking at a rule's
 * expressions, that its inputs hold the values they had when it last ran, and does again what that run did.
 */
import type { DefinitionInternals } from './compile';
import type { Evaluate } from './operators';
import { splitPath } from './paths';

/** A rule's input key ids; null when some expression's inputs are unknown (it always runs). */
export type RuleInputs = Int32Array | null;

export interface RoundInputs {
  /**
   * The keys some rule reads: answers' top-level keys and `$context` first, then the computed `$<name>`s, then one per
   * show/hide rule that may hide a path in a field a required rule names (`hides <rule index>`): its last run's paths.
   */
  keys: string[];
  /** How many of `keys` a round's fresh scope sets (the rest are set by compute rules during the round). */
  startKeys: number;
  idOf: Map<string, number>;
  /** Per force rule, option field, compute rule and show/hide rule, in the tables' order. */
  force: RuleInputs[];
  options: RuleInputs[];
  compute: RuleInputs[];
  visibility: RuleInputs[];
  /** Per required rule, after the rounds: its expressions, the fields its paths are in and the show/hide runs there. */
  required: RuleInputs[];
  /** The id of each compute rule's `$<name>`, -1 when no rule reads it. */
  computeIds: number[];
  /** The `hides <rule index>` keys: each one's id and its show/hide rule's index. */
  hidingRuns: { id: number; rule: number }[];
  /**
   * The rules of all five tables numbered in one sequence (force, options, compute, show/hide, required): where each
   * table starts, and per key id the rules reading it.
   */
  first: { force: number; options: number; compute: number; visibility: number; required: number };
  readers: Int32Array[];
  ruleCount: number;
  /** Whether a force, option list or compute rule may read a computed `$<name>` before its rule set it this round. */
  readsComputedEarly: boolean;
}

/** Whether a path's first key is built at run time or is an index (the path may lie in any field). */
function isOpen(top: string | undefined): boolean {
  return top === undefined || /[{*]|^\d+$/.test(top);
}

/** The show/hide rules (by index) whose paths may lie in top-level field `top`: naming it first, or an open first key. */
export function visibilityRulesIn(internals: DefinitionInternals, top: string): number[] {
  const rules: number[] = [];
  internals.visibility.forEach((rule, v) => {
    const mayHide = rule.paths.some((template) => {
      const first = splitPath(template.template)[0];
      return first === top || isOpen(first);
    });
    if (mayHide) rules.push(v);
  });
  return rules;
}

/** The scope keys some of a rule's expressions read (each once), null when one's are unknown. */
export function keysReadBy(evaluates: readonly (Evaluate | undefined)[]): string[] | null {
  const keys = new Set<string>();
  for (const evaluate of evaluates) {
    if (!evaluate) continue;
    if (!evaluate.inputs) return null;
    for (const key of evaluate.inputs) keys.add(key);
  }
  return [...keys];
}

/** What a rule's expressions read (null: unknown), plus the top-level key of what it walks (`forEach`, a pattern). */
function readsOf(
  evaluates: readonly (Evaluate | undefined)[],
  walks: readonly (string | undefined)[],
): string[] | null {
  const keys = keysReadBy(evaluates);
  if (keys === null) return null;
  for (const path of walks) if (path !== undefined) keys.push(splitPath(path)[0]);
  return keys;
}

/**
 * The index for a definition's tables. Keys a round never sees change are left out: `$index`/`$n` (fixed per forEach
 * index or option path), `$value`, `$previous`, `$option` (not set in a round), and a `$<name>` read before the compute
 * rule that sets it (the round's scope starts without computed values, so such a read is always empty).
 */
export function indexRoundInputs(internals: DefinitionInternals): RoundInputs {
  const firstSetter = new Map<string, number>();
  internals.compute.forEach((rule, i) => {
    if (!firstSetter.has(`$${rule.name}`)) firstSetter.set(`$${rule.name}`, i);
  });
  const startKeys = new Set<string>();
  const computedKeys = new Set<string>();
  // Whether a force, option list or compute rule reads a `$<name>` before the rule setting it ran in the round (or
  // reads what is unknown): then each round's scope starts with the computed values emptied.
  let readsComputedEarly = false;
  // `computeBefore`: the compute rules that ran before this rule in a round (-1: none; force and options come first).
  const keep = (keys: string[] | null, computeBefore: number): string[] | null => {
    if (keys === null) {
      if (computeBefore < internals.compute.length) readsComputedEarly = true;
      return null;
    }
    const kept: string[] = [];
    for (const key of keys) {
      const setter = firstSetter.get(key);
      if (setter !== undefined) {
        if (setter < computeBefore) {
          kept.push(key);
          computedKeys.add(key);
        } else readsComputedEarly = true;
      } else if (key === '$context' || !key.startsWith('$') || internals.topLevelKeys.has(key)) {
        kept.push(key);
        startKeys.add(key);
      }
    }
    return kept;
  };
  const force = internals.force.map((rule) =>
    keep(readsOf([rule.when, rule.forEachCount, ...rule.set.map(([, evaluate]) => evaluate)], [rule.forEachPath]), -1),
  );
  const options = internals.optionFields.map((field) =>
    keep(field.inputs === null ? null : [...field.inputs, splitPath(field.pattern)[0]], -1),
  );
  const compute = internals.compute.map((rule, i) => keep(readsOf([rule.value], []), i));
  const visibility = internals.visibility.map((rule) =>
    keep(readsOf([rule.when, rule.forEachCount], [rule.forEachPath]), internals.compute.length),
  );
  const hidingRules = new Set<number>();
  const required = internals.required.map((rule) => {
    const tops = [...new Set(rule.paths.map((template) => splitPath(template.template)[0]))];
    // A path starting at an index names no field of its own: such a rule always runs.
    if (tops.some(isOpen)) return null;
    const reads = keep(readsOf([rule.when, rule.forEachCount], [rule.forEachPath, ...tops]), internals.compute.length);
    const hiders = [...new Set(tops.flatMap((top) => visibilityRulesIn(internals, top)))];
    for (const v of hiders) hidingRules.add(v);
    return reads && [...reads, ...hiders.map((v) => `hides ${v}`)];
  });
  const hiding = [...hidingRules].sort((a, b) => a - b);
  const keys = [...startKeys, ...computedKeys, ...hiding.map((v) => `hides ${v}`)];
  const idOf = new Map(keys.map((key, id) => [key, id]));
  const ids = (list: string[] | null): RuleInputs =>
    list === null ? null : Int32Array.from(new Set(list), (key) => idOf.get(key)!);
  const tables = [force, options, compute, visibility, required].map((table) => table.map(ids));
  const starts: number[] = [];
  const readers: number[][] = keys.map(() => []);
  let ruleCount = 0;
  for (const table of tables) {
    starts.push(ruleCount);
    for (const reads of table) {
      if (reads !== null) for (const id of reads) readers[id].push(ruleCount);
      ruleCount++;
    }
  }
  return {
    keys,
    startKeys: startKeys.size,
    idOf,
    force: tables[0],
    options: tables[1],
    compute: tables[2],
    visibility: tables[3],
    required: tables[4],
    first: { force: starts[0], options: starts[1], compute: starts[2], visibility: starts[3], required: starts[4] },
    readers: readers.map((list) => Int32Array.from(list)),
    ruleCount,
    readsComputedEarly,
    computeIds: internals.compute.map((rule) => idOf.get(`$${rule.name}`) ?? -1),
    hidingRuns: hiding.map((v) => ({ id: idOf.get(`hides ${v}`)!, rule: v })),
  };
}

/** What a rule did in one run, with the values its inputs had when it started. */
export interface RunRecord {
  seen: unknown[];
}

/**
 * The current value of each indexed key in a session's round (data is never changed in place, so identity tells an
 * unchanged value), and the last two runs of each rule: a rule whose inputs hold the values one of them started
 * from would do again exactly what that run did. Two, as for expressions: a pass's first round reads the answers
 * unmasked, its later rounds masked, edit after edit.
 */
export class InputValues {
  private readonly values: unknown[];
  /**
   * Per rule (numbered as RoundInputs.first), 1 when one of its inputs changed since find last looked at its runs
   * (or never looked): a rule at 0 starts from the values its first run holds, and find skips comparing them.
   */
  private readonly stale: Uint8Array;

  /**
   * Per rule, the position in its inputs where a run last differed from the current values: looked at first, as the
   * key an edit changed mostly changes again (a rule reading 15 keys compared a dozen before reaching it, twice).
   */
  private readonly differsAt: Int32Array;

  constructor(private readonly index: RoundInputs) {
    this.values = new Array<unknown>(index.keys.length);
    this.stale = new Uint8Array(index.ruleCount).fill(1);
    this.differsAt = new Int32Array(index.ruleCount);
  }

  /** Key `id` holds `value` now: when that is another value, its readers look again. */
  private set(id: number, value: unknown): void {
    if (this.values[id] === value) return;
    this.values[id] = value;
    const stale = this.stale;
    for (const rule of this.index.readers[id]) stale[rule] = 1;
  }

  /** A round's fresh scope: note every start key's value. */
  sync(scope: Record<string, unknown>): void {
    const { keys, startKeys } = this.index;
    for (let id = 0; id < startKeys; id++) this.set(id, scope[keys[id]]);
  }

  /** A round's fresh scope that differs from the last pass's last scope at most at `keys`: note those and `$context`. */
  syncKeys(scope: Record<string, unknown>, keys: Iterable<string>): void {
    const { idOf, startKeys } = this.index;
    for (const key of keys) {
      const id = idOf.get(key);
      if (id !== undefined && id < startKeys) this.set(id, scope[key]);
    }
    const context = idOf.get('$context');
    if (context !== undefined) this.set(context, scope.$context);
  }

  /** The scope's value of key `id` is now `value`. */
  note(id: number, value: unknown): void {
    this.set(id, value);
  }

  /**
   * Which paths are hidden (after the rounds, for required rules): the show/hide rules' last runs, one per rule, each
   * run's paths array kept while it hides the same, so a required rule reruns only when a rule that may hide in its
   * fields hides something else.
   */
  noteHidden(runs: readonly { paths: readonly string[] }[]): void {
    for (const { id, rule } of this.index.hidingRuns) this.set(id, runs[rule].paths);
  }

  /** A write into the scope's top-level `key`. */
  noteKey(key: string, value: unknown): void {
    const id = this.index.idOf.get(key);
    if (id !== undefined) this.set(id, value);
  }

  /**
   * The inputs' current values, to record with a run. Given the rule's runs, the run rememberRun would drop leaves
   * them now and its array is filled instead of a new one (a re-derivation allocated one per rule that ran).
   */
  snapshot(inputs: RuleInputs, runs?: (RunRecord | undefined)[]): unknown[] {
    if (inputs === null) return [];
    // The older run leaves its place empty (not popped: a pop shrank the list, and the push after grew it anew).
    const older = runs?.[1];
    let seen: unknown[];
    if (older !== undefined) {
      seen = older.seen;
      runs![1] = undefined;
    } else seen = new Array<unknown>(inputs.length);
    for (let i = 0; i < inputs.length; i++) seen[i] = this.values[inputs[i]];
    return seen;
  }

  /**
   * Of a rule's last runs (most recent first), the one that started from the inputs' current values, moved first.
   * `rule` is the rule's number (RoundInputs.first): while none of its inputs changed since the last call, its first run.
   */
  find<R extends RunRecord>(inputs: RuleInputs, runs: (R | undefined)[] | undefined, rule: number): R | undefined {
    if (inputs === null) return undefined;
    if (this.stale[rule] === 0) return runs?.[0];
    this.stale[rule] = 0;
    if (runs === undefined) return undefined;
    const values = this.values;
    const hint = this.differsAt[rule];
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r];
      if (run === undefined) continue;
      const seen = run.seen;
      if (hint < inputs.length && values[inputs[hint]] !== seen[hint]) continue;
      let isSame = true;
      for (let i = 0; i < inputs.length; i++)
        if (values[inputs[i]] !== seen[i]) {
          this.differsAt[rule] = i;
          isSame = false;
          break;
        }
      if (!isSame) continue;
      if (r > 0) {
        runs[r] = runs[0];
        runs[0] = run;
      }
      return run;
    }
    return undefined;
  }
}

/** Keep `record` as rule `at`'s most recent run, the one before it second. */
export function rememberRun<R>(runs: ((R | undefined)[] | undefined)[], at: number, record: R): void {
  const list = runs[at];
  if (list === undefined) runs[at] = [record, undefined];
  else {
    list[1] = list[0];
    list[0] = record;
  }
}
