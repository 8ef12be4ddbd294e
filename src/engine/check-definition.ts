/** checkDefinition: static checks of a definition, before any dealer meets it. */
import { findBudgetProblems } from './budget-probe';
import type { CompiledDefinition, DefinitionBundle, Expression, Problem, Rule, RulesFile } from './types';
import { DefinitionError } from './compile';
import { compileDefinition, findStructuralProblems } from './structure-check';
import { condNameOf, expandRulesFile } from './conditions';
import { isSameOrBelow, toPattern } from './paths';
import { optionsOf, schemaAt, typeOf } from './schema-paths';
import { isPriceTable } from './price-table';
import { findPriceTableProblems } from './price-table-problems';

/** Operators whose later arguments run per element, where `var` names the element, not a form field. */
const ITERATORS = new Set(['map', 'filter', 'reduce', 'some', 'all', 'none', 'find']);

/** Every form path an expression reads with `var` (and `item`, as `path.*`); `$…` variables are skipped. */
export function readPaths(logic: Expression): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    for (const [op, args] of Object.entries(node as Record<string, unknown>)) {
      if (op === 'var' || op === 'val') {
        const name = Array.isArray(args) ? args[0] : args;
        if (typeof name === 'string' && name !== '' && !name.startsWith('$') && !name.startsWith('../'))
          found.push(name);
        else walk(args);
      } else if (op === 'item') {
        const name = Array.isArray(args) ? args[0] : args;
        if (typeof name === 'string') found.push(`${name}.*`);
      } else if (ITERATORS.has(op) && Array.isArray(args)) {
        walk(args[0]);
        if (op === 'reduce') walk(args[2]);
      } else walk(args);
    }
  };
  walk(logic);
  return found;
}

/** The `and`-conjuncts of a condition (a conjunct that is false makes the whole condition false). */
function conjuncts(logic: Expression): Expression[] {
  if (logic && typeof logic === 'object' && !Array.isArray(logic) && 'and' in (logic as object)) {
    const args = (logic as { and: unknown }).and;
    return Array.isArray(args) ? args.flatMap(conjuncts) : [args];
  }
  return [logic];
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function pathsOfRule(rule: Rule): string[] {
  const paths: string[] = [];
  if ('path' in rule && rule.path) paths.push(rule.path);
  if ('paths' in rule && rule.paths) paths.push(...rule.paths);
  return paths;
}

/**
 * Static checks of a definition. Returns every problem found (empty when the definition is sound):
 * schema validity (file, JSON path, reason), expressions that do not compile, unknown paths in rules
 * (against the form's schema), rules that can never fire (a condition comparing a field with a value
 * outside its choices), reset/force cycles (A resets B resets A), and required rules whose field is always hidden.
 */
export function checkDefinition(bundle: DefinitionBundle): Problem[] {
  return checkAndCompileDefinition(bundle).problems;
}

/**
 * checkDefinition, also handing back the definition its expression check compiled (absent when that check did not get
 * as far, or the definition does not compile): a reader that compiles after checking needs no second compile.
 */
export function checkAndCompileDefinition(bundle: DefinitionBundle): {
  problems: Problem[];
  compiled?: CompiledDefinition;
} {
  let compiled: CompiledDefinition | undefined;
  const problems = findProblems(bundle, (definition) => (compiled = definition));
  return { problems, ...(compiled ? { compiled } : {}) };
}

/** Every condition name an expression refers to (directly, not through other conditions). */
function condNamesIn(logic: unknown, found: string[] = []): string[] {
  if (logic === null || typeof logic !== 'object') return found;
  const name = condNameOf(logic);
  if (name !== undefined) found.push(name);
  else if (Array.isArray(logic)) for (const item of logic) condNamesIn(item, found);
  else for (const value of Object.values(logic)) condNamesIn(value, found);
  return found;
}

/** The condition names a rules file uses, directly or through other conditions (check:definitions warns of the rest). */
function usedConditions(rulesFile: { conditions?: Record<string, unknown> }): Set<string> {
  const conditions = rulesFile.conditions ?? {};
  const used = new Set<string>();
  const markUsed = (name: string) => {
    if (used.has(name) || !Object.hasOwn(conditions, name)) return;
    used.add(name);
    for (const inner of condNamesIn(conditions[name])) markUsed(inner);
  };
  const { conditions: _conditions, ...rest } = rulesFile;
  for (const name of condNamesIn(rest)) markUsed(name);
  return used;
}

function findProblems(bundle: DefinitionBundle, onCompiled: (compiled: CompiledDefinition) => void): Problem[] {
  const file = bundle.files?.rules ?? `definitions/${bundle.form}/rules.json`;
  const structural = findStructuralProblems(bundle).map((p): Problem => ({ ...p, check: 'schema', severity: 'error' }));
  if (structural.length > 0) return structural;
  const problems: Problem[] = [];
  // Every check below reads the rules with their named conditions expanded (a `cond` reads what its body reads).
  const expanded = expandRulesFile(bundle.rules);
  problems.push(...expanded.problems.map((p): Problem => ({ file, ...p, check: 'condition', severity: 'error' })));
  const used = usedConditions(bundle.rules);
  for (const name of Object.keys(bundle.rules.conditions ?? {})) {
    if (!used.has(name))
      problems.push({
        file,
        path: `/conditions/${name}`,
        reason: `condition "${name}" is never used`,
        check: 'condition',
        severity: 'warning',
      });
  }
  if (expanded.problems.length > 0) return problems;
  let compiled: CompiledDefinition | undefined;
  try {
    compiled = compileDefinition(bundle, { structurallyChecked: true }); // the structural check above passed
    onCompiled(compiled);
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    problems.push(...error.problems.map((p): Problem => ({ ...p, check: 'expression', severity: 'error' })));
  }
  const schema = bundle.schema;
  const rules = expanded.rules.rules;
  const computeNames = new Set(rules.filter((r) => r.kind === 'compute').map((r) => (r as { name: string }).name));
  const isKnown = (path: string) => schemaAt(schema, path) !== undefined;
  const report = (path: string, check: Problem['check'], reason: string, severity: Problem['severity'] = 'error') =>
    problems.push({ file, path, reason, check, severity });

  const checkPath = (path: string, where: string) => {
    if (!isKnown(path)) report(where, 'unknown-path', `unknown path "${path}": the form's schema has no such field`);
  };
  const checkReads = (logic: Expression, where: string) => {
    for (const path of readPaths(logic)) {
      if (isKnown(path) || computeNames.has(path)) continue;
      report(where, 'unknown-path', `expression reads unknown path "${path}"`);
    }
  };

  // Field choices by pattern, for the never-fires check.
  const choicesOf = (path: string): unknown[] | undefined => optionsOf(schemaAt(schema, path))?.map((o) => o.value);
  const checkNeverFires = (when: Expression, where: string, valuePath?: string) => {
    for (const part of conjuncts(when)) {
      if (!part || typeof part !== 'object' || Array.isArray(part)) continue;
      const [op, args] = Object.entries(part as Record<string, unknown>)[0] ?? [];
      if (!Array.isArray(args) || args.length !== 2) continue;
      const fieldOf = (node: unknown): string | undefined => {
        if (!node || typeof node !== 'object' || !('var' in (node as object))) return undefined;
        const name = (node as { var: unknown }).var;
        if (name === '$value') return valuePath;
        return typeof name === 'string' && !name.startsWith('$') ? name : undefined;
      };
      const isLiteral = (node: unknown) => node === null || typeof node !== 'object';
      let field: string | undefined;
      let literals: unknown[] = [];
      if ((op === '==' || op === '===') && fieldOf(args[0]) && isLiteral(args[1]))
        [field, literals] = [fieldOf(args[0]), [args[1]]];
      else if ((op === '==' || op === '===') && fieldOf(args[1]) && isLiteral(args[0]))
        [field, literals] = [fieldOf(args[1]), [args[0]]];
      else if (op === 'in' && fieldOf(args[0]) && Array.isArray(args[1]) && args[1].every(isLiteral))
        [field, literals] = [fieldOf(args[0]), args[1]];
      if (!field) continue;
      const choices = choicesOf(field);
      if (!choices) continue;
      const possible = literals.filter(
        (l) => l === null || l === '' || choices.some((c) => c === l || String(c) === String(l)),
      );
      if (possible.length === 0) {
        report(
          where,
          'never-fires',
          `can never fire: ${field} is never ${literals.map((l) => JSON.stringify(l)).join(' or ')} (choices: ${choices.map((c) => JSON.stringify(c)).join(', ')})`,
        );
      }
    }
  };

  // Edges of the change graph: a change of `from` writes `to`.
  const edges = new Map<string, Map<string, string>>();
  const addEdge = (from: string, to: string, where: string) => {
    const a = toPattern(from);
    const b = toPattern(to);
    if (!edges.has(a)) edges.set(a, new Map());
    if (!edges.get(a)!.has(b)) edges.get(a)!.set(b, where);
  };

  rules.forEach((rule, index) => {
    const at = `/rules/${index}`;
    if ('path' in rule && rule.path) checkPath(rule.path, `${at}/path`);
    if ('paths' in rule && rule.paths) rule.paths.forEach((path, i) => checkPath(path, `${at}/paths/${i}`));
    if (typeof rule.forEach === 'string') checkPath(rule.forEach, `${at}/forEach`);
    else if (rule.forEach) checkReads(rule.forEach.count, `${at}/forEach/count`);
    if ('when' in rule && rule.when !== undefined) checkReads(rule.when, `${at}/when`);
    switch (rule.kind) {
      case 'onChange': {
        const ofs = [rule.of].flat();
        ofs.forEach((of) => checkPath(of, `${at}/of`));
        if (rule.when !== undefined) checkNeverFires(rule.when, `${at}/when`, ofs.length === 1 ? ofs[0] : undefined);
        (rule.reset ?? []).forEach((path, i) => {
          checkPath(path, `${at}/reset/${i}`);
          // A rule clearing the very field that triggered it (a refused value) ends there: not a cycle.
          for (const of of ofs) if (toPattern(of) !== toPattern(path)) addEdge(of, path, `${at}/reset/${i}`);
        });
        for (const [path, logic] of Object.entries(rule.set ?? {})) {
          checkPath(path, `${at}/set/${path}`);
          checkReads(logic, `${at}/set/${path}`);
          for (const of of ofs) addEdge(of, path, `${at}/set/${path}`);
        }
        break;
      }
      case 'force': {
        if (rule.when !== undefined) checkNeverFires(rule.when, `${at}/when`);
        const reads = [...readPaths(rule.when ?? true)];
        for (const [path, logic] of Object.entries(rule.set)) {
          checkPath(path, `${at}/set/${path}`);
          checkReads(logic, `${at}/set/${path}`);
          reads.push(...readPaths(logic));
        }
        for (const read of reads)
          for (const path of Object.keys(rule.set))
            if (toPattern(read) !== toPattern(path)) addEdge(read, path, `${at}/set/${path}`);
        break;
      }
      case 'size': {
        // Each list is padded from its own length and the count: the count's reads lead to every list, no list to another.
        checkReads(rule.atLeast, `${at}/atLeast`);
        const reads = readPaths(rule.atLeast);
        rule.paths.forEach((path, i) => {
          const type = typeOf(schemaAt(schema, path));
          if (isKnown(path) && type !== 'array')
            report(`${at}/paths/${i}`, 'unknown-path', `size pads lists: "${path}" is not one (${type ?? 'no type'})`);
          for (const read of reads) if (toPattern(read) !== toPattern(path)) addEdge(read, path, `${at}/paths/${i}`);
        });
        break;
      }
      case 'options':
        if (rule.from !== undefined && !Array.isArray(rule.from)) checkReads(rule.from, `${at}/from`);
        if (rule.where !== undefined) checkReads(rule.where, `${at}/where`);
        break;
      case 'clamp':
        for (const key of ['min', 'max', 'emptyBecomes'] as const)
          if (rule[key] !== undefined) checkReads(rule[key], `${at}/${key}`);
        break;
      case 'validate':
        if (rule.test !== undefined) checkReads(rule.test, `${at}/test`);
        break;
      case 'compute':
        if (rule.path) checkPath(rule.path, `${at}/path`);
        checkReads(rule.value, `${at}/value`);
        break;
      default:
        if ('when' in rule && rule.when !== undefined && rule.kind !== 'show') checkNeverFires(rule.when, `${at}/when`);
        if (rule.kind === 'required' && rule.when !== undefined) checkNeverFires(rule.when, `${at}/when`);
    }
  });

  for (const key of Object.keys(bundle.rules.labels ?? {})) checkPath(key, `/labels/${key}`);
  for (const [name, logic] of Object.entries(bundle.rules.conditions ?? {})) checkReads(logic, `/conditions/${name}`);
  for (const [i, path] of (bundle.rules.payload?.exclude ?? []).entries()) checkPath(path, `/payload/exclude/${i}`);
  for (const key of ['notListed', 'instructions', 'notOnBill'] as const) {
    for (const [i, path] of (bundle.rules.orderLines?.[key] ?? []).entries())
      checkPath(path, `/orderLines/${key}/${i}`);
  }
  for (const { path, where } of drawingPaths(bundle.rules.drawing)) checkPath(path, where);
  for (const { path, where } of partiesPaths(bundle.rules.parties)) checkPath(path, where);
  if (bundle.rules.price !== undefined && !computeNames.has(bundle.rules.price))
    report('/price', 'unknown-path', `price names "${bundle.rules.price}", which no compute rule defines`);
  // The fields the server's submit settings name must be fields of the form.
  const submit = bundle.rules.submit;
  if (submit?.previewReference !== undefined) checkPath(submit.previewReference, '/submit/previewReference');
  if (submit?.lines) {
    checkPath(submit.lines.path, '/submit/lines/path');
    for (const key of ['partNumber', 'price', 'description'] as const)
      checkPath(`${submit.lines.path}.0.${submit.lines[key]}`, `/submit/lines/${key}`);
  }

  findCycles(edges).forEach(({ cycle, where }) => report(where, 'cycle', `reset/force cycle: ${cycle.join(' -> ')}`));
  for (const cycle of findVisibilityCycles(rules)) {
    const named = cycle.map((index) => `${index} (${rules[index].id ?? rules[index].kind})`);
    report(
      `/rules/${cycle[0]}`,
      'visibility-cycle',
      `visibility does not settle: show/hide rules ${named.join(' -> ')} -> ${named[0]} each read what the next hides (a hidden answer is empty, so hiding it changes what is hidden)`,
    );
  }

  // A required rule whose field every visibility rule hides whenever it is required.
  rules.forEach((rule, index) => {
    // A piece's required rule switched off by its including form (when: false) is never required, so never hidden when it is.
    if (rule.kind !== 'required' || rule.when === false) return;
    for (const path of pathsOfRule(rule)) {
      const pattern = toPattern(path);
      const hiding = rules.find((other) => {
        if (other.kind !== 'hide' && other.kind !== 'show') return false;
        if (!pathsOfRule(other).some((p) => isSameOrBelow(pattern, toPattern(p)))) return false;
        if (other.kind === 'hide')
          return (
            other.when === undefined ||
            other.when === true ||
            (rule.when !== undefined && isDeepEqual(other.when, rule.when))
          );
        return (
          other.when === false ||
          other.when === null ||
          (rule.when !== undefined && isDeepEqual(other.when, { '!': rule.when }))
        );
      });
      if (hiding)
        report(
          `/rules/${index}`,
          'always-hidden',
          `required field "${path}" is always hidden when required (by rule ${rules.indexOf(hiding)}: ${hiding.kind})`,
        );
    }
  });
  problems.push(...findPriceProblems(bundle, file));
  if (compiled) problems.push(...findBudgetProblems(compiled, file));
  return problems;
}

/** Table names an expression passes to `priceTable` as literal text. */
function priceTableNames(logic: Expression): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    for (const [op, args] of Object.entries(node as Record<string, unknown>)) {
      if (op === 'priceTable' && Array.isArray(args) && typeof args[0] === 'string') found.push(args[0]);
      walk(args);
    }
  };
  walk(logic);
  return found;
}

/** Price tables among the data files (malformed ones, named by their own file), and `priceTable` calls naming a table that is not there. */
function findPriceProblems(bundle: DefinitionBundle, rulesFile: string): Problem[] {
  const problems: Problem[] = [];
  for (const [name, value] of Object.entries(bundle.data ?? {})) {
    const looksLikeTable =
      isPriceTable(value) || (value !== null && typeof value === 'object' && 'prices' in (value as object));
    if (!looksLikeTable) continue;
    const file = bundle.files?.[name] ?? `definitions/${bundle.form}/${name}.json`;
    for (const problem of findPriceTableProblems(value))
      problems.push({
        file,
        path: problem.path,
        reason: `price table "${name}": ${problem.reason}`,
        check: 'schema',
        severity: 'error',
      });
  }
  expandRulesFile(bundle.rules).rules.rules.forEach((rule, index) => {
    if (rule.kind !== 'compute') return;
    for (const name of priceTableNames(rule.value)) {
      if (!isPriceTable(bundle.data?.[name]))
        problems.push({
          file: rulesFile,
          path: `/rules/${index}/value`,
          reason: `priceTable names "${name}", which is not a price table of this definition`,
          check: 'unknown-path',
          severity: 'error',
        });
    }
  });
  return problems;
}

/** Whether two path patterns (`*` for any index) name the same field or one lies below the other. */
function overlaps(a: string, b: string): boolean {
  const x = a.split('.');
  const y = b.split('.');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const isIndex = (key: string) => key === '*' || /^\d+$/.test(key);
    if (x[i] !== y[i] && !((x[i] === '*' && isIndex(y[i])) || (y[i] === '*' && isIndex(x[i])))) return false;
  }
  return true;
}

/**
 * Show/hide rules that read a field another one (or itself) hides, in a loop: hiding masks the answer, which changes
 * what is hidden, so the pass may not settle. Each loop once, as rule indexes from the smallest.
 * `keepsValue` rules mask nothing and are left out.
 */
function findVisibilityCycles(rules: Rule[]): number[][] {
  // Direct reads only: a compute or force that writes a dealer's field (shingle YES sets Skyview NO) settles in the
  // pass, and loops through forces are the reset/force check's.
  const readsOf = (logic: Expression[]): string[] => logic.flatMap((l) => readPaths(l)).map(toPattern);
  const visibility = rules.flatMap((rule, index) => {
    if ((rule.kind !== 'show' && rule.kind !== 'hide') || (rule.kind === 'hide' && rule.keepsValue)) return [];
    // A forEach count reads array lengths: masking an element (null in place) keeps the length, masking the array does not.
    const counts = rule.forEach && typeof rule.forEach === 'object' ? readsOf([rule.forEach.count]) : [];
    return [{ index, hides: pathsOfRule(rule).map(toPattern), reads: readsOf([rule.when ?? true]), counts }];
  });
  // a -> b: b reads a field a hides.
  const isRead = (b: (typeof visibility)[number], hidden: string) =>
    b.reads.some((read) => overlaps(read, hidden)) ||
    b.counts.some((read) => overlaps(read, hidden) && hidden.split('.').length <= read.split('.').length);
  const next = new Map<number, number[]>();
  for (const a of visibility)
    next.set(
      a.index,
      visibility.filter((b) => a.hides.some((hidden) => isRead(b, hidden))).map((b) => b.index),
    );
  const found = new Map<string, number[]>();
  const stack: number[] = [];
  let steps = 0;
  // Bounded as the reset/force listing is (findCycles): a tangle of show/hide rules has exponentially many loops.
  const isDone = () => steps > CYCLE_STEPS || found.size >= CYCLES_LISTED;
  const visit = (node: number, start: number) => {
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      steps++;
      if (isDone()) break;
      if (to === start) {
        const key = stack.join('>');
        if (!found.has(key)) found.set(key, [...stack]);
      } else if (to > start && !stack.includes(to) && stack.length < 12) visit(to, start);
    }
    stack.pop();
  };
  for (const { index } of visibility) {
    if (isDone()) break;
    visit(index, index);
  }
  if (!isDone()) return [...found.values()];
  const edges = new Map([...next].map(([from, tos]) => [from, new Map(tos.map((to) => [to, undefined]))]));
  // Rules are the graph's nodes in index order: each part's cycle starts at its smallest rule, as the listing's do.
  for (const { cycle } of cyclesOfUnlistedParts(edges, new Set([...found.values()].flat())))
    found.set(cycle.join('>'), cycle);
  return [...found.values()];
}

/** How many DFS steps, and cycles, the cycle listing takes before it falls back to one cycle per tangle (findCycles). */
const CYCLE_STEPS = 20_000;
const CYCLES_LISTED = 20;

/**
 * Elementary cycles of the change graph, each reported once (by its smallest rotation). Their number grows
 * exponentially with a dense tangle (a force reading and writing eight fields has thousands, and listing them hung the
 * check), so the listing stops after CYCLE_STEPS steps or CYCLES_LISTED cycles; each strongly connected part none of
 * the listed cycles lies in then gets its shortest cycle through its first node.
 */
function findCycles(edges: Map<string, Map<string, string>>): { cycle: string[]; where: string }[] {
  const found = new Map<string, { cycle: string[]; where: string }>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visitedFrom = new Set<string>();
  let steps = 0;
  const isDone = () => steps > CYCLE_STEPS || found.size >= CYCLES_LISTED;
  const keep = (cycle: string[], where: string) => {
    const start = cycle.indexOf([...cycle].sort()[0]);
    const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
    const key = rotated.join('>');
    if (!found.has(key)) found.set(key, { cycle: [...rotated, rotated[0]], where });
  };
  const visit = (node: string) => {
    stack.push(node);
    onStack.add(node);
    for (const [next, where] of edges.get(node) ?? []) {
      steps++;
      if (isDone()) break;
      if (onStack.has(next)) keep(stack.slice(stack.indexOf(next)), where);
      else if (!visitedFrom.has(next) && stack.length < 50) visit(next);
    }
    stack.pop();
    onStack.delete(node);
  };
  for (const node of edges.keys()) {
    if (isDone()) break;
    visit(node);
    visitedFrom.add(node);
  }
  if (!isDone()) return [...found.values()];
  const listed = new Set([...found.values()].flatMap(({ cycle }) => cycle));
  for (const { cycle, where } of cyclesOfUnlistedParts(edges, listed)) keep(cycle, where);
  return [...found.values()];
}

/**
 * The shortest cycle through the first node of each strongly connected part of the graph that no node of `listed`
 * lies in (a part of one node only when it has an edge to itself): what a bounded cycle listing left unnamed.
 */
function cyclesOfUnlistedParts<N, W>(edges: Map<N, Map<N, W>>, listed: Set<N>): { cycle: N[]; where: W }[] {
  const cycles: { cycle: N[]; where: W }[] = [];
  for (const part of stronglyConnected(edges)) {
    const start = part[0];
    if (part.some((node) => listed.has(node)) || (part.length === 1 && !edges.get(start)?.has(start))) continue;
    const shortest = shortestCycleThrough(start, new Set(part), edges);
    if (shortest) cycles.push(shortest);
  }
  return cycles;
}

/** The graph's strongly connected parts (Tarjan), each with its nodes in the graph's order. */
function stronglyConnected<N>(edges: Map<N, Map<N, unknown>>): N[][] {
  const position = new Map([...edges.keys()].map((node, i) => [node, i]));
  const order = new Map<N, number>();
  const low = new Map<N, number>();
  const stack: N[] = [];
  const onStack = new Set<N>();
  const parts: N[][] = [];
  const visit = (node: N) => {
    order.set(node, order.size);
    low.set(node, order.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) !== order.get(node)) return;
    const part: N[] = [];
    let top: N;
    do {
      top = stack.pop()!;
      onStack.delete(top);
      part.push(top);
    } while (top !== node);
    // A node only reached (never a key) comes last; it lies in no cycle's first place anyway.
    parts.push(part.sort((a, b) => (position.get(a) ?? Infinity) - (position.get(b) ?? Infinity)));
  };
  for (const node of edges.keys()) if (!order.has(node)) visit(node);
  return parts;
}

/** The shortest cycle from `start` back to it inside `part` (breadth first), with where its last edge is. */
function shortestCycleThrough<N, W>(
  start: N,
  part: Set<N>,
  edges: Map<N, Map<N, W>>,
): { cycle: N[]; where: W } | undefined {
  const cameFrom = new Map<N, N>([[start, start]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    for (const [next, where] of edges.get(node) ?? []) {
      if (!part.has(next)) continue;
      if (next === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(cameFrom.get(cycle[0])!);
        return { cycle, where };
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  return undefined;
}

/** Every field path the `parties` section names, with where it is (upperCase is a flag, not a path). */
export function partiesPaths(parties: RulesFile['parties']): { path: string; where: string }[] {
  const found: { path: string; where: string }[] = [];
  const visit = (node: unknown, where: string) => {
    if (typeof node === 'string') found.push({ path: node, where });
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) visit(value, `${where}/${key}`);
  };
  visit(parties, '/parties');
  return found;
}

/** Every field path a `drawing` mapping names, with where it is (paths are strings; titles and texts are not paths). */
export function drawingPaths(drawing: RulesFile['drawing']): { path: string; where: string }[] {
  if (!drawing) return [];
  const notPaths = new Set(['model', 'title', 'windowWallNote', 'name', 'side', 'byValue', 'otherwise']);
  const found: { path: string; where: string }[] = [];
  const visit = (node: unknown, where: string, key: string) => {
    if (notPaths.has(key)) return;
    if (typeof node === 'string') found.push({ path: node, where });
    else if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${where}/${i}`, key));
    else if (node && typeof node === 'object')
      for (const [child, value] of Object.entries(node)) visit(value, `${where}/${child}`, child);
  };
  visit(drawing, '/drawing', 'drawing');
  return found;
}
