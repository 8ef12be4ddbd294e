/**
 * Issue 11 sweep: from the final state of every golden order, hide a shown, answered field by changing an answer its
 * show/hide rules read, and check that no rule reads the hidden answer: the state derived from that data equals the
 * state derived from the same data with the answer removed (hidden, disabled, options, missing, messages, computed
 * values, price, payload).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectFiles, replayOrder, type GoldenOrder } from '../../scripts/lib/golden-orders';
import { createSession, getIn, setIn, type CompiledDefinition, type FormState, type Rule } from '../../src/engine';
import { readPaths } from '../../src/engine/check-definition';
import { optionsOf, schemaAt } from '../../src/engine/schema-paths';
import { loadAllDefinitions } from '../../src/server/definitions/index';

const { definitions } = loadAllDefinitions('definitions');

/** `doorWidth.{i}` / `doorWidth.*` -> a matcher of concrete paths, capturing the index. */
function matcherOf(pattern: string): (path: string) => string | null {
  const source = pattern.replace(/[.]/g, '\\.').replace(/\\\.\{i\}|\\\.\*/g, '\\.(\\d+)');
  const regex = new RegExp(`^${source}$`);
  return (path) => {
    const match = regex.exec(path);
    return match ? (match[1] ?? '') : null;
  };
}

interface Control {
  matches: (path: string) => string | null;
  /** Answers the rule reads (`{i}` for the field's own index). */
  reads: string[];
}

/** For each show/hide rule that masks (not keepsValue): which fields it hides and which answers it reads. */
function controlsOf(rules: Rule[]): Control[] {
  return rules.flatMap((rule): Control[] => {
    if (rule.kind !== 'show' && rule.kind !== 'hide') return [];
    if (rule.kind === 'hide' && rule.keepsValue) return [];
    const reads = readPaths(rule.when ?? true).map((path) => path.replace(/\.\*$/, '.{i}'));
    const paths = [...(rule.path ? [rule.path] : []), ...(rule.paths ?? [])];
    return paths.map((path) => ({ matches: matcherOf(path), reads }));
  });
}

function leafPaths(value: unknown, prefix: string, out: string[]): string[] {
  if (Array.isArray(value)) value.forEach((item, i) => leafPaths(item, `${prefix}.${i}`, out));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) leafPaths(item, prefix ? `${prefix}.${key}` : key, out);
  else if (prefix && value !== null && value !== undefined && value !== '') out.push(prefix);
  return out;
}

const isHidden = (state: FormState, path: string) =>
  state.hidden.some((hidden) => path === hidden || path.startsWith(`${hidden}.`));

/** What the page and the server see, data aside. */
function derived(state: FormState) {
  return {
    hidden: [...state.hidden].sort(),
    disabled: [...state.disabled].sort(),
    options: Object.fromEntries(Object.entries(state.options).map(([path, list]) => [path, list.map((o) => o.value)])),
    missing: state.missing,
    errors: state.errors,
    computed: state.computed,
    price: state.price,
    isSubmittable: state.isSubmittable,
    payload: state.payload,
  };
}

interface Case {
  order: GoldenOrder;
  data: Record<string, unknown>;
  field: string;
  controller: string;
  value: unknown;
}

/** Every (final state, shown answered field, controlling answer, value) whose change hides the field. */
function hidingCases(form: string, definition: CompiledDefinition, orders: GoldenOrder[]): Case[] {
  const controls = controlsOf(definition.bundle.rules.rules);
  const cases: Case[] = [];
  for (const order of orders) {
    const state = replayOrder(order, definition).state;
    for (const field of leafPaths(state.data, '', [])) {
      if (isHidden(state, field)) continue;
      for (const control of controls) {
        const index = control.matches(field);
        if (index === null) continue;
        for (const read of control.reads) {
          const controller = read.replace('{i}', index);
          if (controller === field || !definition.hasPath(controller)) continue;
          const choices = optionsOf(schemaAt(definition.bundle.schema, controller))?.map((o) => o.value) ?? [];
          for (const value of [...choices, null]) {
            if (value === getIn(state.data, controller)) continue;
            cases.push({ order, data: state.data, field, controller, value });
          }
        }
      }
    }
  }
  return cases;
}

const forms = [...definitions.keys()].filter((form) => collectFiles([`tests/golden/${form}`]).files.length > 0);

describe('no rule reads a hidden answer (generated from the golden orders)', () => {
  it.each(forms)(
    '%s',
    (form) => {
      const definition = definitions.get(form)!.compiled;
      // At most 30 orders a form, spread over the folder, so the sweep stays well under a minute.
      const files = collectFiles([`tests/golden/${form}`]).files;
      const step = Math.max(1, Math.ceil(files.length / 30));
      const orders = files
        .filter((_, i) => i % step === 0)
        .map((file) => JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder);
      const cases = hidingCases(form, definition, orders);
      // The carts hide only by what a line holds, never by another answer with choices: nothing to sweep there.
      if (cases.length === 0) return expect(form).toMatch(/-cart$/);
      let hid = 0;
      fc.assert(
        fc.property(fc.nat(cases.length - 1), (at) => {
          const { order, data, field, controller, value } = cases[at];
          const session = createSession(definition, { context: order.context ?? {}, start: data });
          const after = session.set(controller, value);
          fc.pre(isHidden(after, field) && getIn(after.data, field) !== null && getIn(after.data, field) !== undefined);
          hid++;
          const masked = createSession(definition, { context: order.context ?? {}, start: after.data }).state;
          // The page's session starts its fixed point from the last pass; the server's check starts from nothing.
          expect(
            derived(after),
            `${form} ${order.title}: the edited session and a fresh load of its data agree`,
          ).toEqual(derived(masked));
          const removed = createSession(definition, {
            context: order.context ?? {},
            start: setIn(after.data, field, null),
          }).state;
          expect(
            derived(masked),
            `${form} ${order.title}: ${controller} = ${JSON.stringify(value)} hides ${field}`,
          ).toEqual(derived(removed));
        }),
        { numRuns: 50, seed: 11, endOnFailure: true },
      );
      expect(hid, `${form}: too few changes hid a field`).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe('the page and the server agree on every golden order', () => {
  it.each(forms)(
    '%s: the replayed session (fixed point started from the last pass) equals a fresh load of its data',
    (form) => {
      const definition = definitions.get(form)!.compiled;
      for (const file of collectFiles([`tests/golden/${form}`]).files) {
        const order = JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder;
        const replayed = replayOrder(order, definition).state;
        const loaded = createSession(definition, { context: order.context ?? {}, start: replayed.data }).state;
        expect(derived(replayed), `${form} ${order.title}`).toEqual(derived(loaded));
      }
    },
    60_000,
  );
});
