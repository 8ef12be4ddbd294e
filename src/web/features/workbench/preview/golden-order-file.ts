/**
 * A recording made in the preview as a golden-order file (docs/golden-orders.md): its steps, the expectations staff
 * chose (prefilled from the state the steps reach), its path `tests/golden/<form>/<NNN>-<slug>.json` and its text.
 * The expectations are read from a fresh replay of the file's own start and steps, the way check:orders runs it, so
 * the file passes on the definition it was made with.
 */
import {
  checkGoldenOrder,
  isEquivalent,
  replayWithNotices,
  type GoldenOrder,
  type GoldenOrderOutcome,
} from '../../../../definition-tree';
import { getIn, type CompiledDefinition, type FormState } from '../../../../engine';
import type { PreviewRecording, PreviewStep } from './preview-controller';

/** The expectations staff may include, as the save dialog names them. */
export const expectationKinds = ['data', 'missing', 'messages', 'price', 'submit'] as const;
export type ExpectationKind = (typeof expectationKinds)[number];

export interface GoldenOrderRequest {
  form: string;
  definition: CompiledDefinition;
  recording: PreviewRecording;
  title: string;
  /** The file name's words; default: the title's. */
  slug?: string;
  include: Readonly<Record<ExpectationKind, boolean>>;
  /** Every tree path of the draft (or at least its tests/golden/<form>/ files), to number the new file. */
  existingPaths: readonly string[];
  /** The answers the preview shows now, to warn when the recorded steps do not reach them. */
  shownData?: Record<string, unknown>;
}

export interface BuiltGoldenOrder {
  path: string;
  /** The file's text: two-space JSON and a final newline, as the other golden orders. */
  content: string;
  order: GoldenOrder;
  /** The file checked as check:orders checks it, against `definition`. */
  outcome: GoldenOrderOutcome;
  /** What staff should know before saving (steps that do not reproduce what the preview shows). */
  notes: string[];
}

const maxSlugLength = 72;

/** A file name's words: lower case, runs of anything else one hyphen, at most 72 characters. */
export function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxSlugLength).replace(/-+$/, '') || 'golden-order';
}

/** `tests/golden/<form>/<NNN>-<slug>.json` with the next number after the highest the form's folder holds. */
export function nextGoldenOrderPath(form: string, existingPaths: readonly string[], slug: string): string {
  const folder = `tests/golden/${form}/`;
  let highest = 0;
  for (const path of existingPaths) {
    if (!path.startsWith(folder)) continue;
    const number = /^(\d+)-/.exec(path.slice(folder.length));
    if (number) highest = Math.max(highest, Number(number[1]));
  }
  return `${folder}${String(highest + 1).padStart(3, '0')}-${slug}.json`;
}

/** Consecutive edits of one field as its last edit (typing "1", "12" is one step "12"). */
export function coalesceSteps(steps: readonly PreviewStep[]): PreviewStep[] {
  const out: PreviewStep[] = [];
  for (const step of steps) {
    const last = out.at(-1);
    const path = singleSetPath(step);
    if (path !== undefined && last && singleSetPath(last) === path) out[out.length - 1] = step;
    else out.push(step);
  }
  return out;
}

function singleSetPath(step: PreviewStep): string | undefined {
  if (!('set' in step)) return undefined;
  const keys = Object.keys(step.set);
  return keys.length === 1 ? keys[0] : undefined;
}

/** Every leaf of the answers by dot path (array elements by index). */
export function leavesOf(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, value);
    for (const [key, item] of entries) leavesOf(item, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) out.set(prefix, value);
  return out;
}

/** The paths whose answer differs between `before` and `after`, with the answer after (null when emptied). */
export function changedAnswers(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  definition: CompiledDefinition,
): Record<string, unknown> {
  const was = leavesOf(before);
  const now = leavesOf(after);
  const changed: Record<string, unknown> = {};
  for (const path of new Set([...was.keys(), ...now.keys()])) {
    if (!definition.hasPath(path)) continue;
    const value = now.get(path);
    if (!isEquivalent(was.get(path), value) || (was.has(path) && !now.has(path))) changed[path] = value ?? null;
  }
  return changed;
}

/** Each expectation as the state the steps reach makes it (the dialog shows and prefills these). */
export function expectationsOf(
  state: FormState,
  start: Record<string, unknown>,
  notices: readonly string[],
  hasSteps: boolean,
  definition: CompiledDefinition,
): Record<ExpectationKind, Partial<NonNullable<GoldenOrder['expect']>>> {
  const data = changedAnswers(start, state.data, definition);
  const payload: Record<string, unknown> = {};
  for (const path of Object.keys(data)) {
    const posted = getIn(state.payload, path);
    if (posted !== undefined) payload[path] = posted;
  }
  // A required field's message repeats the missing list: the messages are the others (validation, limits).
  const missing = new Set(state.missing.map((field) => field.path));
  const errors = Object.fromEntries(Object.entries(state.errors).filter(([path]) => !missing.has(path)));
  const hasErrors = Object.keys(errors).length > 0;
  return {
    data: Object.keys(data).length > 0 ? { data } : {},
    missing: { missing: state.missing.map((field) => field.path) },
    messages: {
      ...(hasErrors ? { errors } : {}),
      ...(hasSteps ? { notices: [...notices] } : {}),
    },
    price: state.price === null ? {} : { price: state.price },
    submit: {
      submit: {
        allowed: state.isSubmittable,
        isOrdered: state.isOrdered,
        ...(Object.keys(payload).length > 0 ? { payload } : {}),
      },
    },
  };
}

function orderOf(request: GoldenOrderRequest, steps: PreviewStep[]): GoldenOrder {
  const { form, definition, recording, title } = request;
  const productLines = definition.submit.productLines ?? [];
  const context = {
    locations: {},
    ...recording.context,
    ...(productLines.length === 1 && recording.context.productLine === undefined
      ? { productLine: productLines[0] }
      : {}),
  };
  return {
    title,
    form,
    context,
    ...(Object.keys(recording.start).length > 0 ? { start: recording.start } : {}),
    ...(steps.length > 0 ? { steps } : {}),
  };
}

function sameOutcome(a: FormState, b: FormState): boolean {
  return (
    isEquivalent(a.data, b.data) &&
    isEquivalent(
      a.missing.map((m) => m.path),
      b.missing.map((m) => m.path),
    ) &&
    isEquivalent(a.errors, b.errors) &&
    isEquivalent(a.price, b.price)
  );
}

/** The golden-order file for a recording, checked on `definition`. */
export function buildGoldenOrder(request: GoldenOrderRequest): BuiltGoldenOrder {
  const { form, definition, recording, include } = request;
  const notes: string[] = [];
  const raw = replayWithNotices(orderOf(request, recording.steps), definition);
  // Typing "1", "12" recorded as "12" alone, unless a rule made the keystrokes matter.
  const coalesced = coalesceSteps(recording.steps);
  const coalescedRun = replayWithNotices(orderOf(request, coalesced), definition);
  const isCoalescedSame = sameOutcome(coalescedRun.session.state, raw.session.state);
  const steps = isCoalescedSame ? coalesced : recording.steps;
  const run = isCoalescedSame ? coalescedRun : raw;
  if (request.shownData && !isEquivalent(request.shownData, run.session.state.data))
    notes.push(
      'Replayed on this definition, the recorded steps do not reach the answers the preview shows (the definition ' +
        'changed while recording, or an edit was made outside a field): the expectations are those of the replay.',
    );
  const state = run.session.state;
  const expectations = expectationsOf(state, recording.start, run.notices, steps.length > 0, definition);
  const expect: NonNullable<GoldenOrder['expect']> = {};
  for (const kind of expectationKinds) if (include[kind]) Object.assign(expect, expectations[kind]);
  const order: GoldenOrder = { ...orderOf(request, steps), ...(Object.keys(expect).length > 0 ? { expect } : {}) };
  const path = nextGoldenOrderPath(form, request.existingPaths, request.slug || slugOf(request.title));
  const content = `${JSON.stringify(order, null, 2)}\n`;
  const outcome = checkGoldenOrder(path, content, new Map([[form, { compiled: definition }]]));
  return { path, content, order, outcome, notes };
}
