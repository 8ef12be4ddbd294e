/**
 * The labelled lines of an order: what the dealer confirms in the summary and what the order's text file and PDFs
 * say. One function for both, so the dealer signs exactly what the PDF shows.
 */
import { internalsOf, pageRanks } from './compile';
import { contextForRules } from './session';
import { getIn } from './paths';
import { schemaAt } from './schema-paths';
import type { CompiledDefinition, FormContext } from './types';

// The lines read the payload alone (the server has no page context when it writes the PDF), so the summary does too.
const noContext: FormContext = {};

/** One labelled line: the path it reads, the label the form gives it and the answer as the form names it. */
export interface OrderLine {
  path: string;
  label: string;
  value: string;
}

/** The order as lines: the selections, then the special instructions (the definition's `orderLines.instructions`, one per path). */
export interface OrderLines {
  selections: OrderLine[];
  instructions: string[];
}

/** The compute rule whose value, when a definition has it, is the summary itself: [label, value] pairs. */
export const SUMMARY_COMPUTE = 'summarySelections';

/** What the lines need of a definition; undefined labels keys in words (an order whose form is no longer served). */
export type LinesDefinition = Pick<CompiledDefinition, 'labelOf' | 'valueLabelOf' | 'bundle' | 'internal'>;

/**
 * The order's lines from its payload (the body as posted and stored): the definition's computed `summarySelections`
 * when it has one, else every filled value in the schema's field order (arrays by index, keys the schema does not
 * know after its own, alphabetically), labelled by `labelOf` and valued by `valueLabelOf` (layout '1' is '1 Wall').
 */
export function listOrderLines(definition: LinesDefinition | undefined, payload: Record<string, unknown>): OrderLines {
  const declared = definition ? readDeclaredSummary(definition, payload) : null;
  return {
    selections: declared ?? walkPayload(definition, payload),
    instructions: readInstructions(definition, payload),
  };
}

/** The definition's `orderLines`: paths that are page bookkeeping (not listed) and the special-instruction paths. */
function orderLinesOf(definition: LinesDefinition | undefined): { notListed: string[]; instructions: string[] } {
  const declared = definition?.bundle.rules.orderLines;
  return { notListed: declared?.notListed ?? [], instructions: declared?.instructions ?? [] };
}

/** A path is not listed when it, or a path above it, is declared not listed or is a special-instruction line. */
function isListed(notListed: string[], path: string): boolean {
  return !notListed.some((declared) => path === declared || path.startsWith(`${declared}.`));
}

function walkPayload(definition: LinesDefinition | undefined, payload: Record<string, unknown>): OrderLine[] {
  const { notListed, instructions } = orderLinesOf(definition);
  const skipped = [...notListed, ...instructions];
  const pageRankOf = definition ? pageRanks(definition.bundle.ui) : () => undefined;
  const lines: OrderLine[] = [];
  const visit = (value: unknown, path: string) => {
    if (value === null || value === undefined || value === '') return;
    if (Array.isArray(value)) return value.forEach((item, index) => visit(item, `${path}.${index}`));
    if (typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const key of orderedKeys(definition, pageRankOf, path, Object.keys(record)))
        visit(record[key], path ? `${path}.${key}` : key);
      return;
    }
    if (!isListed(skipped, path)) return;
    lines.push({ path, label: labelOf(definition, path), value: formatValue(definition, path, value) });
  };
  visit(payload, '');
  return lines;
}

/**
 * The page's order at a path: at the top, the root ui:options.sections then the root ui:order (as the missing list's
 * `"missingOrder": "page"`); inside an object, its ui:order; then the schema's property order; keys neither knows after
 * them, alphabetically (stored jsonb keeps no order).
 */
function orderedKeys(
  definition: LinesDefinition | undefined,
  pageRankOf: (top: string) => number | undefined,
  path: string,
  keys: string[],
): string[] {
  const node = definition ? (path ? schemaAt(definition.bundle.schema, path) : definition.bundle.schema) : undefined;
  const known = Object.keys((node?.properties as Record<string, unknown> | undefined) ?? {});
  const uiOrder = path ? uiOrderAt(definition?.bundle.ui, path) : [];
  const placed = (key: string): number | undefined => {
    if (!path) return pageRankOf(key);
    const index = uiOrder.indexOf(key);
    return index < 0 ? undefined : index;
  };
  const rank = (key: string): [number, number] => {
    const page = placed(key);
    const index = known.indexOf(key);
    return [page ?? Number.MAX_SAFE_INTEGER, index < 0 ? known.length : index];
  };
  return [...keys].sort((a, b) => {
    const [pageA, schemaA] = rank(a);
    const [pageB, schemaB] = rank(b);
    return pageA - pageB || schemaA - schemaB || a.localeCompare(b);
  });
}

/** The ui:order of the ui schema node of an object path (array indexes skipped), [] when it has none. */
function uiOrderAt(ui: Record<string, unknown> | undefined, path: string): string[] {
  let node: unknown = ui;
  for (const segment of path.split('.')) {
    if (/^\d+$/.test(segment)) node = (node as Record<string, unknown> | undefined)?.items;
    else node = (node as Record<string, unknown> | undefined)?.[segment];
  }
  const order = (node as Record<string, unknown> | undefined)?.['ui:order'];
  return Array.isArray(order) ? order.filter((key): key is string => typeof key === 'string') : [];
}

function labelOf(definition: LinesDefinition | undefined, path: string): string {
  const label = definition?.labelOf(path);
  if (label) return label;
  const key =
    path
      .split('.')
      .filter((segment) => !/^\d+$/.test(segment))
      .pop() ?? path;
  return humanizeKey(key);
}

function formatValue(definition: LinesDefinition | undefined, path: string, value: unknown): string {
  const named = definition ? definition.valueLabelOf(path, value) : String(value);
  // A yes/no answer without titles in the schema reads as the form asks it.
  if (typeof value === 'boolean' && named === String(value)) return value ? 'Yes' : 'No';
  return named;
}

/** "userFileName" -> "User File Name". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The definition's `summarySelections` evaluated on the payload, as the session computes it on the page: hidden answers
 * are not in the payload, and the compute rules before it run first so it may read their `$name`. Null without one.
 */
function readDeclaredSummary(definition: LinesDefinition, payload: Record<string, unknown>): OrderLine[] | null {
  const internals = internalsOf(definition as CompiledDefinition);
  const last = internals.compute.findIndex((rule) => rule.name === SUMMARY_COMPUTE);
  if (last < 0) return null;
  const scope: Record<string, unknown> = {
    ...payload,
    $context: contextForRules(noContext),
    $const: internals.constants,
    $data: internals.data,
  };
  let value: unknown;
  for (const rule of internals.compute.slice(0, last + 1)) {
    value = rule.value(scope);
    scope[`$${rule.name}`] = value;
  }
  return readSummaryPairs(value);
}

/** [label, value] pairs as lines, without the pairs whose value is empty; null when it is no list. */
export function readSummaryPairs(selections: unknown): OrderLine[] | null {
  if (!Array.isArray(selections)) return null;
  return selections
    .filter(
      (pair): pair is [unknown, unknown] =>
        Array.isArray(pair) && pair.length >= 2 && pair[1] !== null && pair[1] !== undefined && pair[1] !== '',
    )
    .map(([label, value]) => ({ path: String(label), label: String(label), value: String(value) }));
}

/** The definition's special-instruction lines, each cut to its schema's maxLength; [] when it declares none. */
function readInstructions(definition: LinesDefinition | undefined, payload: Record<string, unknown>): string[] {
  return orderLinesOf(definition).instructions.map((path) => {
    const text = getIn(payload, path);
    const maxLength = definition ? schemaAt(definition.bundle.schema, path)?.maxLength : undefined;
    const line = typeof text === 'string' || typeof text === 'number' ? String(text) : '';
    return typeof maxLength === 'number' ? line.slice(0, maxLength) : line;
  });
}
