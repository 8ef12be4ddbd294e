/**
 * The derivation reruns only the rules whose inputs changed (rule-inputs.ts) and reuses remembered results; a session
 * with `recomputeAll` derives every edit from nothing. On the golden orders' edit sequences, and on random edits from
 * their states, both must show the same state after every edit: a rule input the dependency index misses fails here.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectFiles, type GoldenOrder } from '../../scripts/lib/golden-orders';
import { createSession, type CompiledDefinition, type FormSession, type FormState } from '../../src/engine';
import { loadAllDefinitions } from '../../src/server/definitions/index';

const { definitions } = loadAllDefinitions('definitions');
const forms = [...definitions.keys()].filter((form) => collectFiles([`tests/golden/${form}`]).files.length > 0);
const ordersOf = (form: string): GoldenOrder[] =>
  collectFiles([`tests/golden/${form}`]).files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as GoldenOrder);

/** Everything an edit shows the page and posts, with the option lists by value and label. */
function shown(state: FormState) {
  return {
    data: state.data,
    hidden: state.hidden,
    disabled: state.disabled,
    options: state.options,
    missing: state.missing,
    errors: state.errors,
    computed: state.computed,
    payload: state.payload,
    price: state.price,
    isOrdered: state.isOrdered,
    isSubmittable: state.isSubmittable,
    notices: state.notices,
  };
}

type Edit = { set: string; value: unknown } | { blur: string } | { load: Record<string, unknown> };

/** The same edits in an incremental session and a recompute-everything one; the states compared after each. */
class Pair {
  readonly incremental: FormSession;
  readonly reference: FormSession;
  constructor(definition: CompiledDefinition, order: GoldenOrder) {
    const options = { context: order.context ?? {}, start: order.start };
    this.incremental = createSession(definition, options);
    this.reference = createSession(definition, { ...options, recomputeAll: true });
    this.expectSame(`${order.title}: start`);
  }

  apply(edit: Edit, where: string): void {
    for (const session of [this.incremental, this.reference]) {
      if ('set' in edit) session.set(edit.set, edit.value);
      else if ('blur' in edit) session.blur(edit.blur);
      else session.load(edit.load);
    }
    this.expectSame(`${where}: ${JSON.stringify(edit)}`);
  }

  expectSame(where: string): void {
    expect(shown(this.incremental.state), where).toEqual(shown(this.reference.state));
  }
}

const editsOf = (order: GoldenOrder): Edit[] =>
  (order.steps ?? []).flatMap((step): Edit[] =>
    'set' in step ? Object.entries(step.set).map(([path, value]) => ({ set: path, value })) : [{ blur: step.blur }],
  );

describe('the incremental derivation equals a full re-evaluation', () => {
  it.each(forms)(
    '%s: after every edit of every golden order, and across all of them in one session',
    (form) => {
      const definition = definitions.get(form)!.compiled;
      const orders = ordersOf(form);
      for (const order of orders) {
        const pair = new Pair(definition, order);
        for (const edit of editsOf(order)) pair.apply(edit, order.title ?? '');
        expect(pair.incremental.firedRuleIds(), `${order.title}: rules fired`).toEqual(pair.reference.firedRuleIds());
      }
      // One long session: each order's start loaded over the last order's state, then its edits.
      const chain = new Pair(definition, orders[0]);
      for (const order of orders) {
        chain.apply({ load: order.start ?? {} }, `chain ${order.title}`);
        for (const edit of editsOf(order)) chain.apply(edit, `chain ${order.title}`);
      }
    },
    120_000,
  );

  it.each(forms)(
    '%s: random choices, clears, golden answers and blurs from golden states',
    (form) => {
      const definition = definitions.get(form)!.compiled;
      const orders = ordersOf(form);
      // Answers typed in some golden order of the form (lengths, names, quantities), to set anywhere.
      const typed = orders.flatMap(editsOf).filter((edit) => 'set' in edit);
      const edit = (state: FormState): fc.Arbitrary<Edit> => {
        const choices = Object.entries(state.options).filter(([, offered]) => offered.length > 0);
        return fc.oneof(
          choices.length === 0
            ? fc.constant<Edit>({ blur: typed[0]?.set ?? 'x' })
            : fc.constantFrom(...choices).chain(([path, offered]) =>
                fc.constantFrom<Edit>(...offered.map((o) => ({ set: path, value: o.value })), {
                  set: path,
                  value: null,
                }),
              ),
          typed.length === 0 ? fc.constant<Edit>({ blur: 'x' }) : fc.constantFrom(...typed),
          typed.length === 0
            ? fc.constant<Edit>({ blur: 'x' })
            : fc.constantFrom(...typed).map((e): Edit => ({ blur: (e as { set: string }).set })),
        );
      };
      fc.assert(
        fc.property(fc.nat(orders.length - 1), fc.array(fc.nat(), { minLength: 5, maxLength: 25 }), (at, picks) => {
          const order = orders[at];
          const pair = new Pair(definition, order);
          for (const step of editsOf(order)) pair.apply(step, order.title ?? '');
          // Each pick chooses the next edit among those the current state allows.
          for (const pick of picks) {
            const next = fc.sample(edit(pair.incremental.state), { numRuns: 1, seed: pick })[0];
            pair.apply(next, `${order.title} + random`);
          }
        }),
        { numRuns: 40, seed: 17, endOnFailure: true },
      );
    },
    120_000,
  );
});
