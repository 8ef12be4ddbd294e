/**
 * Realistic bench scenarios: the final states of the largest complete golden orders (a fully configured room),
 * and the single edits a dealer makes on such a page (a digit typed into a wall length or a height, a character of
 * the zip, a door option switched). Used by `npm run bench` beside the golden-order replay.
 */
import { createSession, schemaAt, type CompiledDefinition, type FormState } from '../../src/engine/index';
import { replayOrder, type GoldenOrder } from './golden-orders';

/** A page state to edit: the data and context a fully configured order ends with. */
export interface BaseState {
  title: string;
  context: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** What the dealer does: types into a field (number or text) or switches a choice. */
export type EditKind = 'typing' | 'choice';

/** Two set() calls that leave the field as it was: [delete the last character, type it again] or [switch away, switch back]. */
export interface RealisticEdit {
  kind: EditKind;
  path: string;
  values: [unknown, unknown];
}

/** A form's realistic scenario: base states and the edits made on each. */
export interface RealisticScenario {
  bases: { base: BaseState; edits: RealisticEdit[] }[];
}

function isComplete(order: GoldenOrder): boolean {
  const submit = (order.expect as { submit?: { allowed?: boolean } } | undefined)?.submit;
  return submit?.allowed === true;
}

/** Top-level fields holding a value (what a state configures). */
function filledKeys(data: Record<string, unknown>): Set<string> {
  const isFilled = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.some(isFilled)
      : value !== null && typeof value === 'object'
        ? Object.values(value).some(isFilled)
        : value !== null && value !== undefined && value !== '';
  return new Set(Object.keys(data).filter((key) => isFilled(data[key])));
}

/**
 * The final states of `count` complete orders (expect.submit.allowed true): the one holding the most data first,
 * then each time the one filling the most fields not yet covered (an Existing Roof room, then a 3-wall room with the
 * drawing package, ...), so the states differ in what they configure.
 */
export function pickBaseStates(definition: CompiledDefinition, orders: GoldenOrder[], count = 3): BaseState[] {
  const finals = orders
    .filter(isComplete)
    .map((order) => {
      const session = replayOrder(order, definition);
      const data = session.state.data;
      return {
        title: order.title ?? '',
        context: order.context ?? {},
        data,
        size: JSON.stringify(data).length,
        keys: filledKeys(data),
      };
    })
    .sort((a, b) => b.size - a.size);
  const chosen: typeof finals = [];
  const covered = new Set<string>();
  while (chosen.length < count && chosen.length < finals.length) {
    const rest = finals.filter((f) => !chosen.includes(f));
    const gain = (f: (typeof finals)[number]) => [...f.keys].filter((key) => !covered.has(key)).length;
    const next = rest.reduce((best, f) => (gain(f) > gain(best) ? f : best), rest[0]);
    chosen.push(next);
    for (const key of next.keys) covered.add(key);
  }
  return chosen.map(({ title, context, data }) => ({ title, context, data }));
}

function leafPaths(value: unknown, prefix: string, out: [string, unknown][]): void {
  if (Array.isArray(value)) value.forEach((item, i) => leafPaths(item, `${prefix}.${i}`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      leafPaths(item, prefix ? `${prefix}.${key}` : key, out);
  } else if (value !== null && value !== undefined && value !== '' && prefix) out.push([prefix, value]);
}

function isHiddenIn(state: FormState, path: string): boolean {
  return (
    state.hidden.some((hidden) => path === hidden || path.startsWith(`${hidden}.`)) || state.disabled.includes(path)
  );
}

/** Every edit a dealer could make on a visible, filled field of the state, in field order. */
export function listRealisticEdits(definition: CompiledDefinition, state: FormState): RealisticEdit[] {
  const leaves: [string, unknown][] = [];
  leafPaths(state.data, '', leaves);
  const edits: RealisticEdit[] = [];
  for (const [path, value] of leaves) {
    if (!definition.hasPath(path) || isHiddenIn(state, path)) continue;
    const offered = state.options[path];
    if (offered && offered.length > 1) {
      const other = offered.find((option) => option.value !== value && String(option.value) !== String(value));
      if (other) edits.push({ kind: 'choice', path, values: [other.value, value] });
      continue;
    }
    if (typeof value === 'boolean') {
      edits.push({ kind: 'choice', path, values: [!value, value] });
      continue;
    }
    const type = schemaAt(definition.bundle.schema, path)?.type;
    const isText = typeof value === 'string' || typeof value === 'number';
    if (!isText || offered) continue;
    if (type === 'array' || type === 'object') continue;
    const text = String(value);
    edits.push({ kind: 'typing', path, values: [text.slice(0, -1), text] });
  }
  return edits;
}

/**
 * Base states and their edits for one form (empty when it has no complete golden order). `extra` orders (any,
 * complete or not, e.g. a page state saved as a golden-order-shaped file) add their final states.
 */
export function buildRealisticScenario(
  definition: CompiledDefinition,
  orders: GoldenOrder[],
  count = 3,
  extra: GoldenOrder[] = [],
): RealisticScenario {
  const extraBases = extra.map((order) => ({
    title: order.title ?? 'extra state',
    context: order.context ?? {},
    data: replayOrder(order, definition).state.data,
  }));
  const bases = [...pickBaseStates(definition, orders, count), ...extraBases].map((base) => {
    const session = createSession(definition, { context: base.context, start: base.data });
    return { base, edits: listRealisticEdits(definition, session.state) };
  });
  return { bases: bases.filter((b) => b.edits.length > 0) };
}

/** One timed edit: the kind, the path and the milliseconds of one set() including the re-derivation. */
export interface EditSample {
  kind: EditKind;
  path: string;
  ms: number;
}

/**
 * Apply every edit of every base state on a session loaded with that state, timing each set() on its own,
 * until at least `minEdits` were timed. The state is loaded back (untimed) after each edit pair, so every
 * edit meets the full page state.
 */
export function measureRealistic(
  definition: CompiledDefinition,
  scenario: RealisticScenario,
  minEdits: number,
  now: () => number,
  create: typeof createSession = createSession,
): EditSample[] {
  const samples: EditSample[] = [];
  if (scenario.bases.length === 0) return samples;
  while (samples.length < minEdits) {
    for (const { base, edits } of scenario.bases) {
      const session = create(definition, { context: base.context, start: base.data });
      for (const edit of edits) {
        for (const value of edit.values) {
          const start = now();
          session.set(edit.path, value);
          samples.push({ kind: edit.kind, path: edit.path, ms: now() - start });
        }
        session.load(base.data);
      }
    }
  }
  return samples;
}
