import { describe, expect, it } from 'vitest';
import { checkSubmission, compileDefinition, createSession } from './index';
import { makeWallsBundle } from './test-fixtures';

const definition = compileDefinition(makeWallsBundle());

describe('createSession', () => {
  it('lists per-wall fields as missing with 1-based labels, without one rule per index', () => {
    const session = createSession(definition);
    session.set('layout', '1');
    expect(session.state.data.wallLengthsFeet).toEqual([null, null, null]);
    expect(session.state.missing.filter((m) => m.path.startsWith('wall'))).toEqual([
      { path: 'wallLengthsFeet.0', label: 'Wall Length Feet 1' },
      { path: 'wallLengthsFeet.1', label: 'Wall Length Feet 2' },
      { path: 'wallLengthsFeet.2', label: 'Wall Length Feet 3' },
    ]);
    session.set('layout', '3');
    expect(session.state.data.wallLengthsFeet).toEqual([null]);
  });

  it('requires a door option only on walls of 4 ft or more, labelled per wall', () => {
    const session = createSession(definition, { start: { wallLengthsFeet: [3, 10] } });
    expect(session.state.missing).toContainEqual({ path: 'doorOption.1', label: 'Door Option 2' });
    expect(session.state.missing.map((m) => m.path)).not.toContain('doorOption.0');
  });

  it('forces door No and clears the width on a short wall, per index', () => {
    const session = createSession(definition, {
      start: { wallLengthsFeet: [10, 10], doorOption: ['Yes', 'Yes'], doorWidth: ["3' Door", "3' Door"] },
    });
    session.set('wallLengthsFeet.1', '3');
    expect(session.state.data.doorOption).toEqual(['Yes', 'No']);
    expect(session.state.data.doorWidth).toEqual(["3' Door", null]);
  });

  it('offers door widths by wall length and clears a width no longer offered', () => {
    const session = createSession(definition, {
      start: { wallLengthsFeet: [6, 9], doorOption: ['Yes', 'Yes'], doorWidth: [null, "6' Patio Door"] },
    });
    expect(session.state.options['doorWidth.0'].map((o) => o.value)).toEqual(["3' Door", "5' Patio Door"]);
    expect(session.state.options['doorWidth.1'].map((o) => o.value)).toEqual([
      "3' Door",
      "5' Patio Door",
      "6' Patio Door",
    ]);
    session.set('wallLengthsFeet.1', '6');
    expect(session.state.data.doorWidth).toEqual([null, null]);
  });

  it('resets the width of the same wall when its door option changes', () => {
    const session = createSession(definition, {
      start: { wallLengthsFeet: [10, 10], doorOption: ['Yes', 'Yes'], doorWidth: ["3' Door", "3' Door"] },
    });
    session.set('doorOption.0', 'No');
    expect(session.state.data.doorWidth).toEqual([null, "3' Door"]);
  });

  it('shows a toast for the edit that triggered it, and only for that edit', () => {
    const session = createSession(definition, { start: { wallLengthsFeet: [10, 10] } });
    expect(session.set('wallLengthsFeet.1', '80').notices).toEqual([
      { level: 'warning', message: 'Wall 2 is over 75 ft', path: 'wallLengthsFeet.1' },
    ]);
    expect(session.set('roomStyle', 'STUDIO').notices).toEqual([]);
  });

  it('forces bond tape for a cathedral and hides the choice for a studio', () => {
    const session = createSession(definition);
    session.set('roomStyle', 'CATHEDRAL');
    expect(session.state.data.cleatsOrBond).toBe('BOND-TAPE');
    session.set('roomStyle', 'STUDIO');
    expect(session.state.hidden).toContain('cleatsOrBond');
    expect(session.state.missing.map((m) => m.path)).not.toContain('cleatsOrBond');
    expect(session.state.payload).not.toHaveProperty('cleatsOrBond');
  });

  it('rounds to step and clamps on blur; empty becomes the minimum', () => {
    const session = createSession(definition);
    session.set('windLoad', '143');
    expect(session.state.data.windLoad).toBe(143);
    expect(session.blur('windLoad').data.windLoad).toBe(145);
    session.set('windLoad', '');
    expect(session.blur('windLoad').data.windLoad).toBe(115);
  });

  it('clamps on set with a maximum that depends on another field, and disables the field', () => {
    const session = createSession(definition);
    session.set('chairRailInches', '14.12345');
    expect(session.state.data.chairRailInches).toBe(11.999);
    session.set('chairRailFeet', '5');
    session.set('chairRailInches', '3');
    expect(session.state.data.chairRailInches).toBe(0);
    expect(session.state.disabled).toContain('chairRailInches');
  });

  it('lists a validation message among the missing fields when asked to', () => {
    const session = createSession(definition);
    session.set('email', 'nobody');
    expect(session.state.errors.email).toBe('Invalid Email');
    expect(session.state.missing).toContainEqual({ path: 'email', label: 'Invalid Email' });
  });

  it('reads an answer keyed "__proto__" as no answer of any field, never as the answers\' prototype', () => {
    const session = createSession(definition);
    session.load(JSON.parse('{"__proto__": {"roomStyle": "STUDIO"}}') as Record<string, unknown>);
    expect(session.state.hidden).not.toContain('cleatsOrBond');
    expect(session.state.missing.map((m) => m.path)).toContain('cleatsOrBond');
  });

  it('loads a draft without firing change rules', () => {
    const session = createSession(definition);
    session.load({ layout: '1', wallLengthsFeet: [5], doorOption: ['Yes'], doorWidth: ["3' Door"] });
    expect(session.state.data.wallLengthsFeet).toEqual([5]);
    expect(session.state.data.doorWidth).toEqual(["3' Door"]);
  });

  it('gives the same answer in interpreted and compiled modes', () => {
    const interpreted = compileDefinition(makeWallsBundle(), { evaluator: 'interpreted' });
    const a = createSession(definition, { start: { wallLengthsFeet: [6, 3] } });
    const b = createSession(interpreted, { start: { wallLengthsFeet: [6, 3] } });
    for (const session of [a, b]) {
      session.set('roomStyle', 'CATHEDRAL');
      session.set('wallLengthsFeet.0', '9');
    }
    expect(b.state).toEqual(a.state);
  });
});

describe('checkSubmission', () => {
  it('refuses an incomplete body with the missing list, and reports unknown fields and wrong types', () => {
    const check = checkSubmission(definition, { wallLengthsFeet: [5], windLoad: 'lots', hacker: 1 });
    expect(check.ok).toBe(false);
    expect(check.missing.map((m) => m.path)).toContain('doorOption.0');
    expect(check.schemaErrors).toMatchObject({ hacker: 'unknown field', windLoad: 'must be integer' });
    expect(check.payload).not.toHaveProperty('hacker');
  });

  it('accepts a complete body', () => {
    const check = checkSubmission(definition, {
      roomStyle: 'CATHEDRAL',
      wallLengthsFeet: [3],
      email: 'a@b.co',
      windLoad: 120,
    });
    expect(check).toMatchObject({ ok: true, missing: [], errors: {} });
    expect(check.payload.cleatsOrBond).toBe('BOND-TAPE');
  });

  it('refuses a body that is not an object', () => {
    expect(checkSubmission(definition, 'text').ok).toBe(false);
  });
});

describe('createSession re-derivation', () => {
  it('re-derives an option list when what its rule reads changes, and only then keeps the same list', () => {
    const session = createSession(definition, {
      start: { wallLengthsFeet: [6, 9], doorOption: ['Yes', 'Yes'], doorWidth: [null, null] },
    });
    const before = session.state.options;
    session.set('email', 'a@b.co');
    expect(session.state.options).toBe(before);
    session.set('wallLengthsFeet.0', '9');
    expect(session.state.options['doorWidth.0'].map((o) => o.value)).toEqual([
      "3' Door",
      "5' Patio Door",
      "6' Patio Door",
    ]);
    expect(session.state.options['doorWidth.1']).toEqual(before['doorWidth.1']);
  });

  it('keeps the hidden list and the payload when an edit changes neither', () => {
    const session = createSession(definition, { start: { roomStyle: 'STUDIO', windLoad: 120 } });
    const { hidden, payload } = session.state;
    session.set('layout', '2');
    expect(session.state.hidden).toBe(hidden);
    expect(session.state.payload).not.toBe(payload);
    const next = session.state.payload;
    session.set('layout', '2');
    expect(session.state.payload).toBe(next);
    session.set('roomStyle', 'CATHEDRAL');
    expect(session.state.hidden).toEqual([]);
    expect(session.state.payload).toMatchObject({ roomStyle: 'CATHEDRAL', cleatsOrBond: 'BOND-TAPE' });
  });

  it('keeps the missing list and the messages, the same objects, while an edit changes neither', () => {
    const session = createSession(definition);
    session.set('layout', '1');
    const { missing, errors } = session.state;
    expect(missing.map((m) => m.path)).toContain('wallLengthsFeet.2');
    session.set('windLoad', 110);
    expect(session.state.missing).toBe(missing);
    expect(session.state.errors).toBe(errors);
    session.set('wallLengthsFeet.2', 12);
    expect(session.state.missing).not.toBe(missing);
    expect(session.state.missing.map((m) => m.path)).not.toContain('wallLengthsFeet.2');
    expect(session.state.errors['wallLengthsFeet.2']).toBeUndefined();
    expect(errors['wallLengthsFeet.2']).toBeDefined();
    session.set('wallLengthsFeet.2', null);
    expect(session.state.missing).toEqual(missing);
  });

  it('reads a computed value empty before the rule that sets it, edit after edit, as a fresh load does', () => {
    // `early` comes first in file order: in each round it reads `$doubleWind` before that rule sets it.
    const bundle = makeWallsBundle([
      {
        kind: 'compute',
        name: 'early',
        value: { cat: [{ var: 'windLoad' }, ' ', { '??': [{ var: '$doubleWind' }, 'not yet'] }] },
      },
      { kind: 'compute', name: 'doubleWind', value: { '*': [{ var: 'windLoad' }, 2] } },
    ]);
    const definition = compileDefinition(bundle);
    const session = createSession(definition, { start: { windLoad: 120 } });
    session.set('windLoad', 150);
    session.set('roomStyle', 'CATHEDRAL');
    expect(session.state.computed).toMatchObject({ early: '150 not yet', doubleWind: 300 });
    const fresh = createSession(definition, { start: session.state.data });
    expect(fresh.state.computed).toEqual(session.state.computed);
  });

  it("keeps a state's payload as of its own edit when it is read after later edits", () => {
    const bundle = makeWallsBundle([{ kind: 'compute', name: 'doubleWind', value: { '*': [{ var: 'windLoad' }, 2] } }]);
    bundle.rules.payload = { add: { windTwice: { var: '$doubleWind' }, style: { var: 'roomStyle' } } };
    const session = createSession(compileDefinition(bundle), { start: { roomStyle: 'STUDIO', windLoad: 120 } });
    const first = session.state;
    session.set('windLoad', 150);
    session.set('roomStyle', 'CATHEDRAL');
    expect(session.state.payload).toMatchObject({ windTwice: 300, style: 'CATHEDRAL' });
    expect(first.payload).toMatchObject({ windTwice: 240, style: 'STUDIO', windLoad: 120 });
  });

  it("leaves an earlier state's answers as they were when later edits reset fields", () => {
    const session = createSession(definition, {
      start: { wallLengthsFeet: [9, 9], doorOption: ['Yes', 'Yes'], doorWidth: ["3' Door", "5' Patio Door"] },
    });
    const first = session.state;
    const answers = structuredClone(first.data);
    session.set('doorOption.1', 'No');
    session.set('layout', '1');
    expect(session.state.data).toMatchObject({ doorOption: ['Yes', 'No'], doorWidth: ["3' Door", null] });
    expect(session.state.data.wallLengthsFeet).toEqual([null, null, null]);
    expect(first.data).toEqual(answers);
  });

  it('evaluates an expression whose path is built at run time on every pass', () => {
    const dynamic = compileDefinition(
      makeWallsBundle([
        {
          kind: 'required',
          path: 'email',
          when: { '==': [{ var: { cat: [{ var: 'roomStyle' }, ''] } }, 'CATHEDRAL'] },
        },
      ]),
    );
    const session = createSession(dynamic, { start: { roomStyle: 'CATHEDRAL', CATHEDRAL: 'CATHEDRAL' } });
    expect(session.state.missing.map((m) => m.path)).toContain('email');
    session.set('roomStyle', 'STUDIO');
    expect(session.state.missing.map((m) => m.path)).not.toContain('email');
  });

  it('takes a loaded draft at its values, whatever was derived before', () => {
    const session = createSession(definition, {
      start: { wallLengthsFeet: [6, 9], doorOption: ['Yes', 'Yes'], doorWidth: [null, null] },
    });
    session.load({ wallLengthsFeet: [9, 6], doorOption: ['Yes', 'Yes'], doorWidth: [null, null] });
    expect(session.state.options['doorWidth.0'].map((o) => o.value)).toEqual([
      "3' Door",
      "5' Patio Door",
      "6' Patio Door",
    ]);
    expect(session.state.options['doorWidth.1'].map((o) => o.value)).toEqual(["3' Door", "5' Patio Door"]);
  });
});
