/**
 * JSON-Logic conditions <-> react-querybuilder queries, lossless or refused. The builder edits a condition only when
 * parsing it and writing it back gives the same JSON (after `normalizeCondition`); otherwise it shows the condition
 * read-only with the reason, and the JSON stays what counts. Beyond the builder's own comparisons it knows the
 * definition format's `{"cond": name}` (a named condition holds), `{"isEmpty": {"var": f}}` and a bare `{"var": f}`
 * (a yes/no field is ticked).
 */
import { defaultRuleProcessorJsonLogic, formatQuery } from 'react-querybuilder/formatQuery';
import { parseJsonLogic } from 'react-querybuilder/parseJsonLogic';
import type { RuleGroupType, RuleProcessor, RuleType } from 'react-querybuilder';
import type { FieldInfo, FieldOption } from './field-tree';
import { isPlainObject } from './tree-files';

/** The field a named-condition rule uses in the builder (never a form field: form paths do not start with `~`). */
export const CONDITION_FIELD = '~condition';
export const CONDITION_OPERATOR = 'cond';
export const EMPTY_OPERATOR = 'isEmpty';
export const TRUE_OPERATOR = 'isTrue';

/** What the builder may offer for one condition: the form's fields, the rule's scope variables, named conditions. */
export interface ConditionScope {
  fields: readonly FieldInfo[];
  /** Names of the form's named conditions. */
  conditions: readonly string[];
}

export type BuilderVerdict = { ok: true; query: RuleGroupType } | { ok: false; reason: string };

/** Operators the builder writes (JSON-Logic keys) and the definition-format ones it knows. */
const BUILDER_OPERATORS = new Set(['and', 'or', '!', '==', '!=', '<', '<=', '>', '>=', 'in', 'var', 'cond', 'isEmpty']);

/** Single-element and/or unwrapped and `!` of a one-element list made plain, at every level: how both sides compare. */
export function normalizeCondition(logic: unknown): unknown {
  if (Array.isArray(logic)) return logic.map(normalizeCondition);
  if (!isPlainObject(logic)) return logic;
  const keys = Object.keys(logic);
  if (keys.length === 1) {
    const [key] = keys;
    const args = logic[key];
    if ((key === 'and' || key === 'or') && Array.isArray(args) && args.length === 1) return normalizeCondition(args[0]);
    if (key === '!' && Array.isArray(args) && args.length === 1) return { '!': normalizeCondition(args[0]) };
  }
  return Object.fromEntries(keys.map((key) => [key, normalizeCondition(logic[key])]));
}

const isVar = (node: unknown): node is { var: string } => isPlainObject(node) && typeof node.var === 'string';

/** Why the builder cannot show a condition, or undefined when nothing stands in the way (the round trip decides). */
export function unsupportedReason(logic: unknown, scope: ConditionScope): string | undefined {
  const fields = new Set(scope.fields.map((field) => field.path));
  const placeholder = /\{\{[A-Za-z_][A-Za-z0-9_]*\}\}/.exec(JSON.stringify(logic) ?? '');
  if (placeholder) return `it is filled from an include parameter (${placeholder[0]})`;
  let reason: string | undefined;
  const visit = (node: unknown, isOperand: boolean) => {
    if (reason) return;
    if (Array.isArray(node)) return node.forEach((item) => visit(item, isOperand));
    if (!isPlainObject(node)) {
      if (!isOperand) reason = `a plain ${JSON.stringify(node)} is not a comparison`;
      return;
    }
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      reason = `an object with ${keys.length} keys is not one operation`;
      return;
    }
    const [operator] = keys;
    const args = node[operator];
    if (!BUILDER_OPERATORS.has(operator)) {
      reason = `it uses the "${operator}" operator, which the builder has no control for`;
      return;
    }
    if (operator === 'var') {
      if (typeof args !== 'string') reason = 'it reads a field by a computed path or with a default';
      else if (!fields.has(args)) reason = `it reads ${args}, which the builder does not offer`;
      return;
    }
    if (operator === 'cond') {
      if (typeof args !== 'string' || !scope.conditions.includes(args))
        reason = `it names an unknown condition ${JSON.stringify(args)}`;
      return;
    }
    if (operator === 'isEmpty') {
      if (!isVar(args)) reason = 'it asks whether a computed value is empty (only a field can be)';
      else visit(args, true);
      return;
    }
    if (operator === 'and' || operator === 'or') {
      if (!Array.isArray(args)) reason = `"${operator}" takes a list`;
      else args.forEach((item) => visit(item, false));
      return;
    }
    if (operator === '!') return visit(Array.isArray(args) && args.length === 1 ? args[0] : args, false);
    // A comparison: a field against values (or another field).
    const operands = Array.isArray(args) ? args : [args];
    for (const operand of operands) {
      if (isPlainObject(operand) && !isVar(operand)) {
        const inner = Object.keys(operand)[0];
        reason =
          inner === 'var'
            ? 'it reads a field by a computed path'
            : `it uses the "${inner}" operator, which the builder has no control for`;
        return;
      }
      if (Array.isArray(operand) && operand.some((item) => item !== null && typeof item === 'object')) {
        reason = `its "${operator}" lists computed values`;
        return;
      }
      visit(operand, true);
    }
    if (!reason && !operands.some(isVar)) reason = `its "${operator}" compares no field`;
  };
  visit(logic, false);
  return reason;
}

/** The definition-format operators the builder's parser maps to rules. */
const jsonLogicOperations: Record<string, (value: unknown) => RuleType | false> = {
  cond: (name) =>
    typeof name === 'string' ? { field: CONDITION_FIELD, operator: CONDITION_OPERATOR, value: name } : false,
  isEmpty: (value) => (isVar(value) ? { field: value.var, operator: EMPTY_OPERATOR, value: '' } : false),
  var: (value) => (typeof value === 'string' ? { field: value, operator: TRUE_OPERATOR, value: '' } : false),
};

/** A value as the field stores it: numbers for number fields and numeric choices, booleans for yes/no ones. */
function coerceValue(value: unknown, field: FieldInfo | undefined): unknown {
  if (typeof value !== 'string' || !field) return value;
  const option = field.options?.find((candidate: FieldOption) => String(candidate.value) === value);
  if (option) return option.value;
  const types = field.type?.split('|') ?? [];
  if ((types.includes('integer') || types.includes('number')) && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function ruleProcessorFor(scope: ConditionScope): RuleProcessor {
  const byPath = new Map(scope.fields.map((field) => [field.path, field]));
  return (rule, options) => {
    if (rule.operator === CONDITION_OPERATOR) return { cond: rule.value };
    if (rule.operator === EMPTY_OPERATOR) return { isEmpty: { var: rule.field } };
    if (rule.operator === TRUE_OPERATOR) return { var: rule.field };
    const field = byPath.get(rule.field);
    const listed = ['in', 'notIn', 'between', 'notBetween'].includes(rule.operator);
    const list = Array.isArray(rule.value)
      ? rule.value
      : typeof rule.value === 'string' && listed
        ? rule.value.split(',')
        : undefined;
    const value = list && listed ? list.map((item) => coerceValue(item, field)) : coerceValue(rule.value, field);
    return defaultRuleProcessorJsonLogic({ ...rule, value }, { ...options, parseNumbers: false });
  };
}

/** The JSON-Logic of a builder query, normalised (what the rule file gets); `true` for an empty query. */
export function conditionFromQuery(query: RuleGroupType, scope: ConditionScope): unknown {
  // No comparison at all: the condition always holds (a new rule's `when: true`).
  if (query.rules.length === 0 && !query.not) return true;
  const logic = formatQuery(query, { format: 'jsonlogic', ruleProcessor: ruleProcessorFor(scope) });
  return normalizeCondition(logic);
}

/** The builder query of a condition when the builder can edit it without losing anything; the reason otherwise. */
export function conditionToQuery(logic: unknown, scope: ConditionScope): BuilderVerdict {
  if (logic === undefined || logic === true) return { ok: true, query: { combinator: 'and', rules: [] } };
  const reason = unsupportedReason(logic, scope);
  if (reason) return { ok: false, reason };
  const query = parseJsonLogic(logic as never, {
    fields: [
      ...scope.fields.map((field) => ({ name: field.path, value: field.path, label: field.label })),
      { name: CONDITION_FIELD, value: CONDITION_FIELD, label: 'Named condition' },
    ],
    listsAsArrays: true,
    jsonLogicOperations,
  });
  const back = conditionFromQuery(query, scope);
  if (JSON.stringify(back) !== JSON.stringify(normalizeCondition(logic)))
    return { ok: false, reason: `the builder would write it as ${JSON.stringify(back)}` };
  return { ok: true, query };
}
