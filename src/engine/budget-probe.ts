/**
 * check:definitions' budget probe: each answer a growing rule reads (one with a loop or a sized input, metered-logic.ts)
 * is set to the extremes a dealer can reach — the schema's maximum and minimum, the longest text, every choice, the
 * longest list — alone and all together, and a form whose pass then goes over the rule budget is refused, naming the
 * rule and the answer. Where the schema sets no bound, the probe uses the server's (strings) or a generous one.
 */
import { RULE_BUDGET } from './budget';
import { internalsOf } from './compile';
import { schemaAt } from './schema-paths';
import { createSession } from './session';
import type { CompiledDefinition, JsonSchema, Problem } from './types';

/** A number with no maximum is tried at this size (a count read from it is past any list the engine builds). */
const UNBOUNDED_NUMBER = 1_000_000;
/** A text with no maxLength: the longest the server's request schema accepts (request-body-schema.ts). */
const UNBOUNDED_TEXT = 2000;
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

/** Budget problems of a compiled form: one per rule that an answer at its extremes sends over the rule budget. */
export function findBudgetProblems(definition: CompiledDefinition, file: string): Problem[] {
  const internals = internalsOf(definition);
  const probed = new Set<string>();
  for (const site of internals.expressionSites)
    if (site.grows) for (const key of site.inputs ?? []) if (!key.startsWith('$')) probed.add(key);
  if (probed.size === 0) return [];
  const problems = new Map<string, Problem>();
  const probe = (start: Record<string, unknown>, named: string) => {
    const over = createSession(definition, { start }).state.overBudget;
    if (!over || problems.has(over.ruleId)) return;
    problems.set(over.ruleId, {
      file,
      path: pointerOf(definition, over.ruleId),
      reason:
        `rule "${over.ruleId}" can do more work than one step of the form may (${RULE_BUDGET.toLocaleString('en-US')} ` +
        `steps) when ${named}: bound the answer in schema.json (maximum, maxLength, maxItems) or make the rule do less`,
      check: 'budget',
      severity: 'error',
    });
  };
  const together: Record<string, unknown> = {};
  for (const key of [...probed].sort()) {
    const extremes = extremesOf(schemaAt(definition.bundle.schema, key));
    if (extremes.length > 0) together[key] = extremes[0].value;
    for (const extreme of extremes) probe({ [key]: extreme.value }, `"${key}" is ${extreme.described}`);
  }
  if (Object.keys(together).length > 1)
    probe(
      together,
      `${Object.keys(together)
        .map((k) => `"${k}"`)
        .join(', ')} are all at their largest`,
    );
  return [...problems.values()];
}
