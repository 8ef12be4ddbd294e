/**
 * A golden order opened step by step in the preview: read from its file, each step said in words, the preview moved
 * to any step (its start loaded, the steps before applied, in the order's context), and at the end each expectation
 * with the value the preview has.
 */
import { findDifferences, validateGoldenOrder, type GoldenOrder } from '../../../../definition-tree';
import { getIn, type CompiledDefinition, type FormState } from '../../../../engine';
import type { PreviewController, PreviewStep } from './preview-controller';

/** The file read, or why it cannot be opened. */
export type OpenedGoldenOrder = { order: GoldenOrder; error?: undefined } | { order?: undefined; error: string };

/** Reads a golden-order file for `definition`'s form. */
export function readGoldenOrder(content: string, definition: CompiledDefinition): OpenedGoldenOrder {
  let order: unknown;
  try {
    order = JSON.parse(content);
  } catch (error) {
    return { error: `It is not JSON: ${(error as Error).message}` };
  }
  const form = (order as { form?: unknown } | null)?.form;
  if (form !== definition.form) return { error: `It is an order of “${String(form)}”, not of ${definition.form}.` };
  const reasons = validateGoldenOrder(order, new Map([[definition.form, { compiled: definition }]]));
  if (reasons.length > 0) return { error: `It is not a valid golden order: ${reasons.join('; ')}` };
  return { order: order as GoldenOrder };
}

const quote = (value: unknown) =>
  value === null || value === undefined || value === '' ? 'empty' : JSON.stringify(value);

/** A step in words: `Set Length Feet (lengthFeet) to "13"`, `Leave Length Feet (lengthFeet)`. */
export function describeStep(step: PreviewStep, definition: CompiledDefinition): string {
  if ('blur' in step) return `Leave ${definition.labelOf(step.blur)} (${step.blur})`;
  return Object.entries(step.set)
    .map(([path, value]) => `Set ${definition.labelOf(path)} (${path}) to ${quote(value)}`)
    .join('; ');
}

/**
 * Shows the order at `position` (0: its start; n: after n steps) in the preview: the order's context, its start
 * loaded, then its first `position` steps applied as the page applies edits. Returns the toasts those steps raised.
 */
export function showStep(controller: PreviewController, order: GoldenOrder, position: number): string[] {
  controller.overrideContext({ locations: {}, ...(order.context ?? {}) });
  controller.load(structuredClone(order.start ?? {}));
  const notices: string[] = [];
  for (const step of (order.steps ?? []).slice(0, position))
    notices.push(...controller.apply(step).map((notice) => notice.message));
  return notices;
}

/** One expectation of the order beside what the preview has. */
export interface ExpectationRow {
  /** As check:orders names it: `expect.data.lengthFeet`, `expect.missing`, `expect.submit.allowed`. */
  key: string;
  expected: unknown;
  actual: unknown;
  isMet: boolean;
  /** check:orders' line for an unmet one. */
  message?: string;
}

function isHidden(state: FormState, path: string): boolean {
  return state.hidden.some((hidden) => path === hidden || path.startsWith(`${hidden}.`));
}

/** Every expectation of the order, in the file's order, with the preview's value and whether it is met. */
export function expectationRows(order: GoldenOrder, state: FormState, notices: readonly string[]): ExpectationRow[] {
  const expect = (order.expect ?? {}) as Record<string, unknown>;
  const differences = new Map(findDifferences(expect, state, [...notices]).map((d) => [d.key, d]));
  const rows: ExpectationRow[] = [];
  const add = (key: string, expected: unknown, actual: unknown) => {
    const difference = differences.get(key);
    rows.push({
      key,
      expected,
      actual: difference ? difference.actual : actual,
      isMet: !difference,
      ...(difference ? { message: difference.message } : {}),
    });
  };
  const missing = state.missing.map((field) => field.path);
  const byPath = (name: string, actualOf: (path: string) => unknown) => {
    for (const [path, value] of Object.entries((expect[name] ?? {}) as Record<string, unknown>))
      add(`expect.${name}.${path}`, value, actualOf(path));
  };
  for (const name of Object.keys(expect)) {
    switch (name) {
      case 'data':
        byPath(name, (path) => getIn(state.data, path));
        break;
      case 'labels':
        byPath(name, (path) => state.missing.find((field) => field.path === path)?.label);
        break;
      case 'errors':
        byPath(name, (path) => state.errors[path] ?? null);
        break;
      case 'options':
        byPath(name, (path) => state.options[path]?.map((option) => option.value) ?? []);
        break;
      case 'missing':
      case 'missingIncludes':
      case 'missingExcludes':
        add(`expect.${name}`, expect[name], missing);
        break;
      case 'notices':
        add('expect.notices', expect.notices, [...notices]);
        break;
      case 'hidden':
      case 'shown':
        add(
          `expect.${name}`,
          expect[name],
          ((expect[name] ?? []) as string[]).filter((path) => isHidden(state, path) === (name === 'hidden')),
        );
        break;
      case 'price':
        add('expect.price', expect.price, state.price);
        break;
      case 'submit': {
        const submit = (expect.submit ?? {}) as { allowed?: boolean; isOrdered?: boolean; payload?: object };
        if (submit.allowed !== undefined) add('expect.submit.allowed', submit.allowed, state.isSubmittable);
        if (submit.isOrdered !== undefined) add('expect.submit.isOrdered', submit.isOrdered, state.isOrdered);
        for (const [path, value] of Object.entries(submit.payload ?? {}))
          add(`expect.submit.payload.${path}`, value, getIn(state.payload, path));
        break;
      }
      default:
    }
  }
  return rows;
}
