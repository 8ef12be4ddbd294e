import { describe, expect, it } from 'vitest';
import { checkSubmission, compileDefinition, createSession } from './index';
import type { DefinitionBundle, Rule } from './types';

/** A made-up room: angled Yes hides the layout and asks an angled layout; Solarium hides angled; skyview forces density. */
function roomBundle(extra: Rule[] = []): DefinitionBundle {
  return {
    form: 'room',
    schema: {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['Vista View', 'Solarium'] },
        angled: { type: 'string', enum: ['Yes', 'No'] },
        layout: { type: 'string', enum: ['1', '2', '3'] },
        angledLayout: { type: 'string', enum: ['5', '6', '7'] },
        skyview: { type: 'string', enum: ['Skyview YES', 'Skyview NO'] },
        density: { type: 'string', enum: ['light', 'heavy'] },
        transom: { type: 'integer' },
        houseFeet: { type: 'integer' },
        note: { type: 'string' },
      },
    },
    ui: {},
    rules: {
      form: 'room',
      rules: [
        {
          kind: 'force',
          id: 'skyview-density',
          when: { '==': [{ var: 'skyview' }, 'Skyview YES'] },
          set: { density: 'heavy' },
        },
        {
          kind: 'compute',
          name: 'price',
          value: { '+': [100, { if: [{ '==': [{ var: 'skyview' }, 'Skyview YES'] }, 50, 0] }] },
        },
        { kind: 'hide', id: 'hide:angled', path: 'angled', when: { '==': [{ var: 'type' }, 'Solarium'] } },
        { kind: 'hide', id: 'hide:skyview', path: 'skyview', when: { '==': [{ var: 'angled' }, 'Yes'] } },
        { kind: 'hide', id: 'hide:layout', path: 'layout', when: { '==': [{ var: 'angled' }, 'Yes'] } },
        { kind: 'show', id: 'show:angledLayout', path: 'angledLayout', when: { '==': [{ var: 'angled' }, 'Yes'] } },
        { kind: 'show', id: 'show:transom', path: 'transom', when: { '==': [{ var: 'type' }, 'Vista View'] } },
        { kind: 'required', path: 'layout' },
        { kind: 'required', path: 'angledLayout' },
        { kind: 'clamp', path: 'houseFeet', min: { if: [{ '>=': [{ var: 'transom' }, 12] }, 9, 7] }, on: 'set' },
        {
          kind: 'validate',
          path: 'note',
          test: { '!=': [{ var: 'angled' }, 'Yes'] },
          message: 'No notes on angled rooms',
          checkEmpty: true,
        },
        ...extra,
      ],
      price: 'price',
    },
  };
}

const definition = compileDefinition(roomBundle());

describe('hidden answers (masked: empty for every rule, back when shown again)', () => {
  it('Vista View, Angled Yes, then Solarium: the layout comes back, the angled layout is neither shown nor required', () => {
    const session = createSession(definition);
    session.set('type', 'Vista View');
    session.set('angled', 'Yes');
    expect(session.state.hidden).toContain('layout');
    expect(session.state.missing.map((m) => m.path)).toEqual(['angledLayout']);
    session.set('type', 'Solarium');
    expect(session.state.hidden).toEqual(expect.arrayContaining(['angled', 'angledLayout']));
    expect(session.state.hidden).not.toContain('layout');
    expect(session.state.missing.map((m) => m.path)).toEqual(['layout']);
    expect(session.state.errors.note).toBeUndefined();
    expect(session.state.payload).not.toHaveProperty('angled');
  });

  it('keeps the masked answer and brings it back when its field is shown again (a mis-click undone)', () => {
    const session = createSession(definition);
    session.set('type', 'Vista View');
    session.set('angled', 'Yes');
    session.set('type', 'Solarium');
    expect(session.state.data.angled).toBe('Yes');
    session.set('type', 'Vista View');
    expect(session.state.hidden).toContain('layout');
    expect(session.state.payload.angled).toBe('Yes');
  });

  it('a hidden skyview no longer forces the density nor prices, and a chain of hiding settles (angled hides skyview)', () => {
    const session = createSession(definition, { start: { type: 'Vista View', skyview: 'Skyview YES' } });
    expect(session.state.data.density).toBe('heavy');
    expect(session.state.disabled).toContain('density');
    expect(session.state.price).toBe(150);
    session.set('angled', 'Yes');
    expect(session.state.price).toBe(100);
    expect(session.state.disabled).not.toContain('density');
    expect(session.state.payload).not.toHaveProperty('skyview');
    // Solarium hides angled, which shows skyview again: its answer acts again.
    session.set('type', 'Solarium');
    expect(session.state.price).toBe(150);
  });

  it('a hidden transom no longer sets the house height minimum (clamp bounds read it as empty)', () => {
    const session = createSession(definition, { start: { type: 'Vista View', transom: 12 } });
    session.set('houseFeet', '7');
    expect(session.state.data.houseFeet).toBe(9);
    session.set('type', 'Solarium');
    session.set('houseFeet', '7');
    expect(session.state.data.houseFeet).toBe(7);
  });

  it('the server check reads a posted hidden answer as empty, as the page does', () => {
    const check = checkSubmission(definition, {
      type: 'Solarium',
      angled: 'Yes',
      layout: '1',
      skyview: 'Skyview YES',
      note: 'x',
    });
    expect(check.missing).toEqual([]);
    expect(check.errors).toEqual({});
    expect(check.payload).not.toHaveProperty('angled');
    expect(check.ok).toBe(true);
  });

  it('a force disables its field while it holds, without a disable rule, and writes only when the value differs', () => {
    const session = createSession(definition, {
      start: { type: 'Vista View', skyview: 'Skyview YES', density: 'heavy' },
    });
    const before = session.state.data;
    expect(session.state.disabled).toEqual(['density']);
    session.set('note', 'x');
    expect(session.state.data.density).toBe('heavy');
    expect(session.state.data.layout).toBe(before.layout);
    session.set('skyview', 'Skyview NO');
    expect(session.state.disabled).toEqual([]);
  });

  it('stops a definition whose visibility does not settle after a bounded number of rounds', () => {
    const flipping = compileDefinition(
      roomBundle([{ kind: 'hide', id: 'hide:note-self', path: 'note', when: { '!': { isEmpty: { var: 'note' } } } }]),
    );
    const session = createSession(flipping, { start: { type: 'Vista View' } });
    expect(() => session.set('note', 'x')).not.toThrow();
  });
});
