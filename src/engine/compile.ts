/**
 * compileCheckedDefinition: turn every rule of a definition whose structure was checked into ready-to-run functions,
 * once. No ajv here: the browser compiles what the server checked (compileDefinition, in structure-check.ts, checks first).
 */
import type { LogicEngine } from 'json-logic-engine';
import type {
  CompiledDefinition,
  DefinitionBundle,
  EvaluatorMode,
  JsonSchema,
  NormalizeStep,
  Option,
  Rule,
  SubmitSettings,
  SubmitSpec,
} from './types';
import { expandRulesFile } from './conditions';
import { listExpressionInputs } from './expression-inputs';
import { costCanGrow } from './metered-logic';
import { createLogicEngine, prepareCompiledExpression, prepareExpression, type Evaluate } from './operators';
import { compilePathPattern, fillIndex, PathTemplate, splitPath, toPattern } from './paths';
import { indexRoundInputs, keysReadBy, type RoundInputs } from './rule-inputs';
import { listFields, optionsOf, schemaAt, typeOf, type SchemaField } from './schema-paths';
import { findUnsafePatterns } from './safe-pattern-problems';
import { patternTester, type PatternTester } from './safe-pattern';
import { compileSizeRule } from './size-rule';

/** One problem found while loading a definition. */
export interface DefinitionProblem {
  file: string;
  path: string;
  reason: string;
}

/** Thrown by compileDefinition when a definition is broken; `problems` lists every one with file, JSON path and reason. */
export class DefinitionError extends Error {
  readonly problems: DefinitionProblem[];
  constructor(form: string, problems: DefinitionProblem[]) {
    super(`Definition "${form}" is broken:\n${problems.map((p) => `  ${p.file} ${p.path}: ${p.reason}`).join('\n')}`);
    this.name = 'DefinitionError';
    this.problems = problems;
  }
}

/** Matches a concrete path; returns -1 (no index), the captured index, or null (no match). */
type PathMatcher = (path: string) => number | null;

interface RuleCommon {
  id: string;
  position: number;
  /** Top-level keys of the paths the rule answers to (onChange `of`, clamp/normalize `path`); `*` when any. */
  tops?: string[];
  /** forEach source: array path or count expression. */
  forEachPath?: string;
  forEachCount?: Evaluate;
  when?: Evaluate;
}

export interface VisibilityRule extends RuleCommon {
  isShow: boolean;
  paths: PathTemplate[];
  keepsValue?: boolean;
}
export interface RequiredRule extends RuleCommon {
  paths: PathTemplate[];
  label?: string;
  message?: string;
  wallGroup?: number;
}
export interface ValidateRule extends RuleCommon {
  path: PathTemplate;
  regex?: PatternTester;
  test?: Evaluate;
  message: string;
  checkEmpty: boolean;
  listAsMissing: boolean;
  wallGroup?: number;
}
export interface ChangeRule extends RuleCommon {
  matchers: PathMatcher[];
  reset: string[];
  set: [string, Evaluate][];
  /** The scope keys its condition and values read (null: unknown). */
  reads: readonly string[] | null;
  notice?: { level: 'info' | 'success' | 'warning' | 'error'; message: string };
}
export interface ForceRule extends RuleCommon {
  set: [PathTemplate, Evaluate][];
}
export interface OptionsRule extends RuleCommon {
  path: string;
  matcher: PathMatcher;
  from?: Evaluate;
  staticFrom?: Option[];
  where?: Evaluate;
  clearUnoffered: boolean;
}
export interface ClampRule extends RuleCommon {
  matcher: PathMatcher;
  min?: Evaluate;
  max?: Evaluate;
  step?: number;
  decimals?: number;
  emptyBecomes?: Evaluate;
  hasEmptyDefault: boolean;
  onSet: boolean;
  /** The scope keys its condition and bounds read (null: unknown). */
  reads: readonly string[] | null;
}
export interface NormalizeRule extends RuleCommon {
  matcher: PathMatcher;
  steps: NormalizeStep[];
}
export interface ComputeRule extends RuleCommon {
  name: string;
  path?: string;
  value: Evaluate;
}

/** A field that offers choices; `pattern` uses `*` for array indexes. */
export interface OptionField {
  pattern: string;
  base?: Option[];
  rules: OptionsRule[];
  /** Whether a value the list no longer offers is cleared (some rule says clearUnoffered). */
  clearsUnoffered: boolean;
  /** Scope keys the field's rules read besides `$option` (plus `$index`), or null when unknown: its list is reused while they hold. */
  inputs: string[] | null;
}

/** The compiled tables a session runs. */
export interface DefinitionInternals {
  engine: LogicEngine;
  constants: Record<string, unknown>;
  data: Record<string, unknown>;
  fields: SchemaField[];
  typeByPattern: Map<string, string | undefined>;
  defaultByPattern: Map<string, unknown>;
  topLevelKeys: Set<string>;
  visibility: VisibilityRule[];
  disable: VisibilityRule[];
  required: RequiredRule[];
  validate: ValidateRule[];
  onChange: ChangeRule[];
  /** The onChange, clamp and normalize rules that may match a path, by its top-level key (file order kept). */
  onChangeFor: (path: string) => readonly ChangeRule[];
  clampFor: (path: string) => readonly ClampRule[];
  normalizeFor: (path: string) => readonly NormalizeRule[];
  force: ForceRule[];
  optionFields: OptionField[];
  clamp: ClampRule[];
  normalize: NormalizeRule[];
  compute: ComputeRule[];
  payloadExclude: string[];
  payloadAdd: [string, Evaluate][];
  omitHidden: boolean;
  price?: string;
  isOrdered?: Evaluate;
  /** With `"missingOrder": "page"`: the rank of a top-level field on the page (its section, or its ui:order place); undefined when the page does not place it. */
  pageRankOf?: (top: string) => number | undefined;
  /** The per-wall arrays (top-level keys) of forEach required/validate rules, in the order their first rule comes. */
  wallArrays: string[];
  /** What each rule of a round reads, as key ids (a round reruns only the rules whose inputs changed). */
  roundInputs: RoundInputs;
  /** `{$<name>: undefined}` for each compute rule: the scope holds them, empty, until the rule sets them. */
  computedSeed: Record<string, undefined>;
  /** Where each compiled expression sits in the rules file, by its slot (a pass over its budget names its rule). */
  expressionSites: ExpressionSite[];
}

/** A compiled expression's place: its JSON pointer in the rules file (`/rules/<n>/when`) and what it reads. */
export interface ExpressionSite {
  where: string;
  inputs: readonly string[] | null;
  /** Its cost can grow with an answer (a loop, a sized input): what the budget probe of check:definitions tries. */
  grows: boolean;
  evaluate: Evaluate;
}

/**
 * The rule holding the expression of `slot` (`/rules/<n>/...`): its id and the field it acts on (its path, first
 * path, first `of`, or first field it sets); where, for an expression outside the rules (a payload value).
 */
export function ruleOfSlot(definition: CompiledDefinition, slot: number | undefined): { id: string; field?: string } {
  const site = slot === undefined ? undefined : internalsOf(definition).expressionSites[slot];
  const index = site ? /^\/rules\/(\d+)/.exec(site.where)?.[1] : undefined;
  if (index === undefined) return { id: site?.where ?? 'unknown' };
  const rule = definition.bundle.rules.rules[Number(index)] as Rule & {
    path?: string;
    paths?: string[];
    of?: string | string[];
    set?: Record<string, unknown>;
  };
  const set = rule?.set && typeof rule.set === 'object' ? Object.keys(rule.set)[0] : undefined;
  const field = rule?.path ?? rule?.paths?.[0] ?? (Array.isArray(rule?.of) ? rule.of[0] : rule?.of) ?? set;
  return { id: definition.ruleIds[Number(index)] ?? site!.where, ...(field ? { field } : {}) };
}

/** The file a part of the bundle came from (for problems). */
export function fileOf(bundle: DefinitionBundle, part: 'schema' | 'ui' | 'rules'): string {
  return bundle.files?.[part] ?? `definitions/${bundle.form}/${part}.json`;
}

/** Why an expression did not compile, naming the rule id and, for json-logic-engine's `{type: 'Unknown Operator', key}`, the operator. */
function describeCompileError(error: unknown, where: string, rules: readonly Rule[]): string {
  const index = /^\/rules\/(\d+)/.exec(where)?.[1];
  const id = index === undefined ? undefined : rules[Number(index)]?.id;
  const inRule = id ? ` in rule "${id}"` : '';
  const thrown = error as { type?: unknown; key?: unknown; message?: unknown } | null;
  if (thrown && thrown.type === 'Unknown Operator')
    return `unknown operator "${String(thrown.key)}"${inRule} (not a JSON-Logic operator nor one of the engine's own)`;
  return `expression does not compile${inRule}: ${thrown && typeof thrown.message === 'string' ? thrown.message : String(error)}`;
}

/** Options of compileDefinition. */
export interface CompileOptions {
  /** 'compiled' (default, fastest) or 'interpreted' (for the bench comparison). */
  evaluator?: EvaluatorMode;
  /**
   * The caller already ran findStructuralProblems on this very bundle and found none (checkDefinition does, a server
   * that checked it did): it is not run again. The meta-schema validation of rules.json is most of a compile.
   */
  structurallyChecked?: boolean;
}

/**
 * Compile every expression of a bundle whose structure is known good (findStructuralProblems found none, or the server
 * that serves it checked it) once. Throws DefinitionError listing {file, path, reason} for each problem.
 */
export function compileCheckedDefinition(bundle: DefinitionBundle, options: CompileOptions = {}): CompiledDefinition {
  const mode = options.evaluator ?? 'compiled';
  const engine = createLogicEngine();
  const file = fileOf(bundle, 'rules');
  // Named conditions are expanded in place once: {"cond": "isSolarium"} then runs exactly like the inline expression.
  const expanded = expandRulesFile(bundle.rules);
  if (expanded.problems.length > 0)
    throw new DefinitionError(
      bundle.form,
      expanded.problems.map((p) => ({ file, ...p })),
    );
  const rulesFile = expanded.rules;
  const compileProblems: DefinitionProblem[] = [];
  const expressionSites: ExpressionSite[] = [];
  let slots = 0;
  const expr = (logic: unknown, where: string): Evaluate => {
    try {
      const evaluate = mode === 'compiled' ? prepareCompiledExpression(logic) : prepareExpression(engine, logic, mode);
      // $const and $data are the definition's own: the same objects in every pass, never an input that changes.
      if (evaluate.inputs) evaluate.inputs = evaluate.inputs.filter((key) => key !== '$const' && key !== '$data');
      evaluate.slot = slots++;
      expressionSites.push({ where, inputs: evaluate.inputs ?? null, grows: costCanGrow(logic), evaluate });
      return evaluate;
    } catch (error) {
      compileProblems.push({ file, path: where, reason: describeCompileError(error, where, rulesFile.rules) });
      return () => null;
    }
  };
  const optional = (logic: unknown, where: string): Evaluate | undefined =>
    logic === undefined ? undefined : expr(logic, where);

  const fields = listFields(bundle.schema);
  const typeByPattern = new Map<string, string | undefined>();
  const defaultByPattern = new Map<string, unknown>();
  for (const field of fields) {
    typeByPattern.set(field.pattern, field.type);
    if (field.schema.default !== undefined) defaultByPattern.set(field.pattern, field.schema.default);
  }
  const internals: DefinitionInternals = {
    engine,
    constants: rulesFile.constants ?? {},
    data: bundle.data ?? {},
    fields,
    typeByPattern,
    defaultByPattern,
    topLevelKeys: new Set(Object.keys((bundle.schema.properties as Record<string, unknown>) ?? {})),
    visibility: [],
    disable: [],
    required: [],
    validate: [],
    onChange: [],
    onChangeFor: () => [],
    clampFor: () => [],
    normalizeFor: () => [],
    force: [],
    optionFields: [],
    clamp: [],
    normalize: [],
    compute: [],
    payloadExclude: rulesFile.payload?.exclude ?? [],
    payloadAdd: Object.entries(rulesFile.payload?.add ?? {}).map(([path, logic]) => [
      path,
      expr(logic, `/payload/add/${path}`),
    ]),
    omitHidden: rulesFile.payload?.omitHidden ?? true,
    price: rulesFile.price,
    isOrdered: optional(rulesFile.submit?.isOrdered, '/submit/isOrdered'),
    pageRankOf: rulesFile.missingOrder === 'page' ? pageRanks(bundle.ui) : undefined,
    wallArrays: [],
    roundInputs: undefined as unknown as RoundInputs, // indexed once the tables are complete
    computedSeed: {},
    expressionSites,
  };
  // Per-wall groups (the array a forEach required/validate rule runs over) numbered in the order their first rule comes.
  const wallGroups = internals.wallArrays;
  const wallGroupOf = (forEach: Rule['forEach']): number | undefined => {
    const array = wallArrayOf(forEach, internals.topLevelKeys);
    if (array === undefined) return undefined;
    const known = wallGroups.indexOf(array);
    return known >= 0 ? known : wallGroups.push(array) - 1;
  };

  const optionFieldByPattern = new Map<string, OptionField>();
  for (const field of fields) {
    if (field.options) {
      const optionField: OptionField = {
        pattern: field.pattern,
        base: field.options,
        rules: [],
        clearsUnoffered: false,
        inputs: [],
      };
      optionFieldByPattern.set(field.pattern, optionField);
      internals.optionFields.push(optionField);
    }
  }

  const ruleIds = listRuleIds(rulesFile.rules);
  // Every pattern the definition holds passes the gate before any runs (issue 43): the page and the server alike.
  compileProblems.push(...findUnsafePatterns(bundle, ruleIds, { rules: file, schema: fileOf(bundle, 'schema') }));
  rulesFile.rules.forEach((rule: Rule, position: number) => {
    const at = `/rules/${position}`;
    // Each rule is one object literal, these fields first: copies of a shared object made by spreads got a map of their
    // own each (V8), so every rule field the derivation read was a megamorphic lookup, most of them missing its cache.
    const id = ruleIds[position];
    const when = 'when' in rule ? optional(rule.when, `${at}/when`) : undefined;
    const forEachPath = typeof rule.forEach === 'string' ? rule.forEach : undefined;
    const forEachCount =
      rule.forEach && typeof rule.forEach === 'object' ? expr(rule.forEach.count, `${at}/forEach/count`) : undefined;
    const pathsOf = (r: { path?: string; paths?: string[] }) =>
      [...(r.path ? [r.path] : []), ...(r.paths ?? [])].map((p) => new PathTemplate(p));
    switch (rule.kind) {
      case 'show':
      case 'hide':
        internals.visibility.push({
          id,
          position,
          when,
          forEachPath,
          forEachCount,
          isShow: rule.kind === 'show',
          paths: pathsOf(rule),
          keepsValue: rule.kind === 'hide' && rule.keepsValue === true,
        });
        break;
      case 'disable':
        internals.disable.push({ id, position, when, forEachPath, forEachCount, isShow: false, paths: pathsOf(rule) });
        break;
      case 'required':
        internals.required.push({
          id,
          position,
          when,
          forEachPath,
          forEachCount,
          paths: pathsOf(rule),
          label: rule.label,
          message: rule.message,
          wallGroup: wallGroupOf(rule.forEach),
        });
        break;
      case 'validate':
        internals.validate.push({
          id,
          position,
          when,
          forEachPath,
          forEachCount,
          path: new PathTemplate(rule.path),
          regex: rule.pattern !== undefined ? patternTester(rule.pattern, rule.flags) : undefined, // refused: findUnsafePatterns
          test: optional(rule.test, `${at}/test`),
          message: rule.message,
          checkEmpty: rule.checkEmpty ?? false,
          listAsMissing: rule.listAsMissing ?? false,
          wallGroup: wallGroupOf(rule.forEach),
        });
        break;
      case 'onChange': {
        const set = Object.entries(rule.set ?? {}).map(([path, logic]): [string, Evaluate] => [
          path,
          expr(logic, `${at}/set/${path}`),
        ]);
        internals.onChange.push({
          id,
          position,
          when,
          forEachPath,
          forEachCount,
          tops: [rule.of].flat().map(topKeyOf),
          matchers: [rule.of].flat().map(compilePathPattern),
          reset: rule.reset ?? [],
          set,
          reads: keysReadBy([when, ...set.map(([, evaluate]) => evaluate)]),
          notice: rule.notice ? { level: rule.notice.level ?? 'info', message: rule.notice.message } : undefined,
        });
        break;
      }
      case 'force':
        internals.force.push({
          id,
          position,
          when,
          forEachPath,
          forEachCount,
          set: Object.entries(rule.set).map(([path, logic]) => [
            new PathTemplate(path),
            expr(logic, `${at}/set/${path}`),
          ]),
        });
        break;
      case 'size': {
        // A size rule runs among the forces, in file order (size-rule.ts says how).
        const { when: holds, set } = compileSizeRule(rule.paths, expr(rule.atLeast, `${at}/atLeast`));
        internals.force.push({ id, position, when: holds, forEachPath, forEachCount, set });
        break;
      }
      case 'options': {
        const pattern = toPattern(rule.path);
        const isStatic = Array.isArray(rule.from);
        const compiled: OptionsRule = {
          id,
          position,
          when,
          forEachPath,
          forEachCount,
          path: rule.path,
          matcher: compilePathPattern(pattern),
          staticFrom: isStatic ? (rule.from as Option[]) : undefined,
          from: rule.from !== undefined && !isStatic ? expr(rule.from, `${at}/from`) : undefined,
          where: optional(rule.where, `${at}/where`),
          clearUnoffered: rule.clearUnoffered ?? true,
        };
        let optionField = optionFieldByPattern.get(pattern);
        if (!optionField) {
          optionField = { pattern, rules: [], clearsUnoffered: false, inputs: [] };
          optionFieldByPattern.set(pattern, optionField);
          internals.optionFields.push(optionField);
        }
        optionField.rules.push(compiled);
        break;
      }
      case 'clamp': {
        const min = optional(rule.min, `${at}/min`);
        const max = optional(rule.max, `${at}/max`);
        const emptyBecomes = optional(rule.emptyBecomes, `${at}/emptyBecomes`);
        internals.clamp.push({
          id,
          position,
          when,
          forEachPath,
          forEachCount,
          tops: [topKeyOf(rule.path)],
          matcher: compilePathPattern(toPattern(rule.path)),
          min,
          max,
          step: rule.step,
          decimals: rule.decimals,
          emptyBecomes,
          hasEmptyDefault: rule.emptyBecomes !== undefined,
          onSet: rule.on === 'set',
          reads: keysReadBy([when, min, max, emptyBecomes]),
        });
        break;
      }
      case 'normalize':
        internals.normalize.push({
          id,
          position,
          when,
          forEachPath,
          forEachCount,
          tops: [topKeyOf(rule.path)],
          matcher: compilePathPattern(toPattern(rule.path)),
          steps: rule.steps,
        });
        break;
      case 'compute':
        internals.compute.push({
          id,
          position,
          when,
          forEachPath,
          forEachCount,
          name: rule.name,
          path: rule.path,
          value: expr(rule.value, `${at}/value`),
        });
        break;
    }
  });
  if (compileProblems.length > 0) throw new DefinitionError(bundle.form, compileProblems);
  internals.onChangeFor = indexByTopKey(internals.onChange);
  internals.clampFor = indexByTopKey(internals.clamp);
  internals.normalizeFor = indexByTopKey(internals.normalize);
  for (const optionField of internals.optionFields) {
    optionField.clearsUnoffered = optionField.rules.some((r) => r.clearUnoffered);
    optionField.inputs = optionInputs(optionField.rules);
  }
  internals.roundInputs = indexRoundInputs(internals);
  internals.computedSeed = Object.fromEntries(internals.compute.map((rule) => [`$${rule.name}`, undefined]));

  const labels = rulesFile.labels ?? {};
  const labelMatchers = Object.entries(labels).map(
    ([pattern, label]) => [compilePathPattern(toPattern(pattern)), label] as const,
  );
  const labelCache = new Map<string, string>();
  const labelOf = (path: string): string => {
    let label = labelCache.get(path);
    if (label !== undefined) return label;
    for (const [match, template] of labelMatchers) {
      const index = match(path);
      if (index !== null) {
        label = fillIndex(template, index >= 0 ? index : undefined);
        break;
      }
    }
    if (label === undefined) {
      const title = schemaAt(bundle.schema, path)?.title;
      const index = lastIndexIn(path);
      label =
        typeof title === 'string'
          ? fillIndex(title, index)
          : humanize(
              splitPath(path)
                .filter((k) => !/^\d+$/.test(k))
                .pop() ?? path,
            );
    }
    labelCache.set(path, label);
    return label;
  };

  // An answer as the form names it: the schema's title of an enum value ('1' -> '1 Wall'), else the value itself.
  const valueLabelOf = (path: string, value: unknown): string => {
    const options = optionsOf(schemaAt(bundle.schema, path));
    const option = options?.find((o) => o.value === value || String(o.value) === String(value));
    return option ? option.label : String(value);
  };

  return {
    form: bundle.form,
    bundle,
    evaluator: mode,
    ruleIds,
    labelOf,
    valueLabelOf,
    hasPath: (path: string) => schemaAt(bundle.schema, path) !== undefined,
    submit: submitSettingsOf(bundle.form, rulesFile.submit),
    internal: internals,
  };
}

/** Each rule's id, in rule order: its own, else `<kind>:<first path>`; a repeated id gets `#<position>`. */
export function listRuleIds(rules: readonly Rule[]): string[] {
  const usedIds = new Set<string>();
  return rules.map((rule, position) => {
    const firstPath =
      'path' in rule && rule.path
        ? rule.path
        : 'paths' in rule && rule.paths
          ? rule.paths[0]
          : 'of' in rule
            ? [rule.of].flat()[0]
            : 'name' in rule
              ? rule.name
              : Object.keys(('set' in rule && rule.set) || {})[0];
    let id = rule.id ?? `${rule.kind}:${firstPath ?? position}`;
    if (usedIds.has(id)) id = `${id}#${position}`;
    usedIds.add(id);
    return id;
  });
}

/** The rules file's `submit` section with its defaults: what the server reads to store a submission of the form. */
export function submitSettingsOf(form: string, submit: SubmitSpec | undefined): SubmitSettings {
  return {
    fileNamePrefix:
      submit?.fileNamePrefix ??
      form
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 3)
        .toUpperCase(),
    productLines: submit?.productLines,
    orderStatus: submit?.orderStatus ?? 'unprocessed',
    jobs: submit?.jobs ?? [],
    previewReference: submit?.previewReference,
    lines: submit?.lines && {
      ...submit.lines,
      unknownPartMessage: submit.lines.unknownPartMessage ?? 'Unknown part number',
    },
    prices: submit?.prices ?? 'parts',
  };
}

/**
 * Page ranks of top-level fields for `"missingOrder": "page"`: the index of the root `ui:options.sections` entry naming
 * the field (fields of one section tie, so the rule order decides inside a section), else its place in the root
 * `ui:order` (after every section when there are sections).
 */
export function pageRanks(ui: Record<string, unknown>): (top: string) => number | undefined {
  const ranks = new Map<string, number>();
  const options = ui['ui:options'] as { sections?: { fields?: unknown }[] } | undefined;
  const sections = Array.isArray(options?.sections) ? options.sections : [];
  sections.forEach((section, index) => {
    for (const field of Array.isArray(section?.fields) ? section.fields : [])
      if (typeof field === 'string' && !ranks.has(field)) ranks.set(field, index);
  });
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as unknown[]) : [];
  order.forEach((field, index) => {
    if (typeof field === 'string' && field !== '*' && !ranks.has(field)) ranks.set(field, sections.length + index);
  });
  return (top) => ranks.get(top);
}

/** The array a per-wall (forEach) rule runs over, by its top-level key: the forEach path, or the first field its count reads. */
function wallArrayOf(forEach: Rule['forEach'], topKeys: Set<string>): string | undefined {
  if (typeof forEach === 'string') return splitPath(forEach)[0];
  if (!forEach) return undefined;
  return listExpressionInputs(forEach.count)?.find((key) => topKeys.has(key));
}

/** The top-level key of a path pattern (`doorWidth.{i}` -> `doorWidth`), `*` when it starts with an index. */
function topKeyOf(pattern: string): string {
  const top = splitPath(pattern)[0] ?? '*';
  return /\{i\}|\*|^\d+$/.test(top) ? '*' : top;
}

/** A lookup of the rules that may match a path: those of its top-level key plus any with a `*` top, in file order. */
function indexByTopKey<T extends RuleCommon>(rules: T[]): (path: string) => readonly T[] {
  const anyTop = rules.filter((rule) => rule.tops?.includes('*'));
  const byTop = new Map<string, T[]>();
  for (const rule of rules) for (const top of rule.tops ?? ['*']) if (top !== '*') byTop.set(top, []);
  for (const [top, list] of byTop)
    for (const rule of rules) if (rule.tops?.includes(top) || anyTop.includes(rule)) list.push(rule);
  return (path) => byTop.get(splitPath(path)[0]) ?? anyTop;
}

/** The scope keys an option field's rules read, `$option` aside (set per option) and `$index` added; null when unknown. */
function optionInputs(rules: OptionsRule[]): string[] | null {
  const keys = new Set<string>(['$index']);
  for (const rule of rules) {
    for (const evaluate of [rule.when, rule.from, rule.where]) {
      if (!evaluate) continue;
      if (!evaluate.inputs) return null;
      for (const key of evaluate.inputs) if (key !== '$option') keys.add(key);
    }
  }
  return [...keys];
}

function lastIndexIn(path: string): number | undefined {
  const indexes = splitPath(path).filter((k) => /^\d+$/.test(k));
  return indexes.length > 0 ? Number(indexes[indexes.length - 1]) : undefined;
}

function humanize(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/** The compiled tables of a definition (engine-internal). */
export function internalsOf(definition: CompiledDefinition): DefinitionInternals {
  return definition.internal as DefinitionInternals;
}

/** Schema type of a concrete path ('number', 'string', ...), via its `*` pattern. */
export function typeAtPath(definition: CompiledDefinition, path: string): string | undefined {
  const internals = internalsOf(definition);
  const pattern = toPattern(path);
  if (internals.typeByPattern.has(pattern)) return internals.typeByPattern.get(pattern);
  const type = typeOf(schemaAt(definition.bundle.schema, path));
  internals.typeByPattern.set(pattern, type);
  return type;
}

export type { JsonSchema };
