/**
 * check:definitions' budget probe: each expression whose cost can grow with an answer (a loop or a sized input,
 * metered-logic.ts) is evaluated with each answer it reads at the extremes a dealer can reach — the schema's maximum
 * and minimum, the longest text, every choice, the longest list — alone and all together, whatever would hide them
 * (a session would mask a hidden answer; a posted body or a later rule change need not). One that goes over the rule
 * budget refuses the form, naming the rule and the answer. Where the schema sets no bound, the probe uses the
 * server's (strings) or a generous one.
 */
import { RULE_BUDGET, RuleBudgetExceeded, spentInPass, withinBudget } from './budget';
import { internalsOf, ruleOfSlot, type ExpressionSite } from './compile';
import { DEFAULT_MAX_TEXT_LENGTH, schemaAt } from './schema-paths';
import { contextForRules } from './session';
import type { CompiledDefinition, JsonSchema, Problem } from './types';

/** A number with no maximum is tried at this size (a count read from it is past any list the engine builds). */
const UNBOUNDED_NUMBER = 1_000_000;
/** A text with no maxLength: the longest the server's request schema accepts (request-body-schema.ts). */
const UNBOUNDED_TEXT = DEFAULT_MAX_TEXT_LENGTH;
/** A list with no maxItems. */
const UNBOUNDED_ITEMS = 100;

interface Extreme {
  value: unknown;
  /** How the problem names it: "its maximum", "the longest text (2000 characters)". */
  described: string;
}

function extremesOf(schema: JsonSchema | undefined, depth = 0): Extreme[] {
  if (!schema || depth > 3) return [];
  const choices =
    (schema.enum as unknown[] | undefined) ?? (schema.oneOf as { const?: unknown }[] | undefined)?.map((o) => o.const);
  if (Array.isArray(choices) && choices.length > 0)
    return choices
      .filter((c) => c !== undefined)
      .map((value) => ({ value, described: `the choice ${JSON.stringify(value)}` }));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'number' || type === 'integer') {
    const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
    const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    return [
      {
        value: max ?? UNBOUNDED_NUMBER,
        described: max === undefined ? `${UNBOUNDED_NUMBER} (it has no maximum)` : `${max} (its maximum)`,
      },
      {
        value: min ?? -UNBOUNDED_NUMBER,
        described: min === undefined ? `${-UNBOUNDED_NUMBER} (it has no minimum)` : `${min} (its minimum)`,
      },
    ];
  }
  if (type === 'string') {
    const length = typeof schema.maxLength === 'number' ? schema.maxLength : UNBOUNDED_TEXT;
    return [
      { value: '9'.repeat(length), described: `${length} digits (the longest text)` },
      { value: 'a'.repeat(length), described: `${length} letters (the longest text)` },
    ];
  }
  if (type === 'boolean') return [{ value: true, described: 'true' }];
  if (type === 'array') {
    const count = typeof schema.maxItems === 'number' ? schema.maxItems : UNBOUNDED_ITEMS;
    const item = extremesOf(schema.items as JsonSchema | undefined, depth + 1)[0];
    return [{ value: new Array(count).fill(item?.value ?? null), described: `a list of ${count} items (the longest)` }];
  }
  if (type === 'object' && schema.properties) {
    const value: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(schema.properties as Record<string, JsonSchema>))
      value[key] = extremesOf(child, depth + 1)[0]?.value ?? null;
    return [{ value, described: 'every part at its largest' }];
  }
  return [];
}

/** The rules file's JSON pointer of a rule, by id (the problem's path). */
function pointerOf(definition: CompiledDefinition, ruleId: string): string {
  const index = definition.ruleIds.indexOf(ruleId);
  return index < 0 ? '/' : `/rules/${index}`;
}

/**
 * All the probes of one form may spend this much together (a fraction of a second): the probe also runs where a
 * server compiles what it serves, so a form of many rules that each stay just under the budget cannot hold it long.
 */
export const PROBE_TOTAL = 10 * RULE_BUDGET;

/** Runs the expression on these answers (nothing masked): the units it spent, or over when past the rule budget. */
function probeCost(site: ExpressionSite, base: Record<string, unknown>, answers: Record<string, unknown>): number {
  const scope = Object.assign(Object.create(null) as Record<string, unknown>, base, answers, { $index: 0, $n: 1 });
  try {
    return withinBudget(() => {
      site.evaluate(scope);
      return spentInPass();
    });
  } catch (error) {
    if (error instanceof RuleBudgetExceeded) return Infinity;
    throw error;
  }
}

/** Budget problems of a compiled form: one per rule that an answer at its extremes sends over the rule budget. */
export function findBudgetProblems(definition: CompiledDefinition, file: string): Problem[] {
  const internals = internalsOf(definition);
  const base = { $const: internals.constants, $data: internals.data, $context: contextForRules({}) };
  const problems = new Map<string, Problem>();
  const extremesByKey = new Map<string, Extreme[]>();
  const extremesOfKey = (key: string) => {
    let extremes = extremesByKey.get(key);
    if (!extremes) extremesByKey.set(key, (extremes = extremesOf(schemaAt(definition.bundle.schema, key))));
    return extremes;
  };
  let spent = 0;
  let isStopped = false;
  const goesOver = (site: ExpressionSite, answers: Record<string, unknown>): boolean => {
    const cost = probeCost(site, base, answers);
    spent += Math.min(cost, RULE_BUDGET);
    if (spent > PROBE_TOTAL) isStopped = true;
    return cost === Infinity;
  };
  internals.expressionSites.forEach((site, slot) => {
    if (!site.grows || isStopped) return;
    const rule = ruleOfSlot(definition, slot);
    if (problems.has(rule.id)) return;
    const report = (named: string) =>
      problems.set(rule.id, {
        file,
        path: pointerOf(definition, rule.id),
        reason:
          `rule "${rule.id}" can do more work than one step of the form may (${RULE_BUDGET.toLocaleString('en-US')} ` +
          `steps) when ${named}: bound the answer in schema.json (maximum, maxLength, maxItems) or make the rule do less`,
        check: 'budget',
        severity: 'error',
      });
    const keys = (site.inputs ?? []).filter((key) => !key.startsWith('$') && extremesOfKey(key).length > 0);
    for (const key of keys)
      for (const extreme of extremesOfKey(key))
        if (goesOver(site, { [key]: extreme.value })) return report(`"${key}" is ${extreme.described}`);
    // An onChange rule reads the changed answer as $value (and the one before as $previous): its field's extremes.
    const changed = rule.field?.replace(/\{i\}|\*/g, '0');
    const reads = site.inputs ?? [];
    if (changed && (reads.includes('$value') || reads.includes('$previous')))
      for (const extreme of extremesOf(schemaAt(definition.bundle.schema, changed)))
        if (goesOver(site, { $value: extreme.value, $previous: extreme.value }))
          return report(`the changed "${rule.field}" is ${extreme.described}`);
    if (keys.length < 2) return;
    const together = Object.fromEntries(keys.map((key) => [key, extremesOfKey(key)[0].value]));
    if (goesOver(site, together)) report(`${keys.map((key) => `"${key}"`).join(', ')} are all at their largest`);
  });
  if (isStopped)
    problems.set('', {
      file,
      path: '/rules',
      reason:
        `the rules whose work grows with an answer need more than ${PROBE_TOTAL.toLocaleString('en-US')} steps ` +
        "together to be tried at their answers' extremes, so the budget check stopped: make them do less",
      check: 'budget',
      severity: 'error',
    });
  return [...problems.values()];
}
