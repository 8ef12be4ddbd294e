import { describe, expect, it } from 'vitest';
import { compileDefinition, createSession, type DefinitionBundle, type Rule } from './index';

/** A page of three sections (colour, contact, walls with two wall groups) whose required rules come in another order. */
function makePage(missingOrder: 'rules' | 'page' | undefined, extraRules: Rule[] = []): DefinitionBundle {
  const list = { type: 'array', items: { type: 'integer' } };
  return {
    form: 'page',
    schema: {
      type: 'object',
      properties: {
        frame: { type: 'string' },
        trim: { type: 'string' },
        contact: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' } } },
        layout: { type: 'string' },
        wallFeet: list,
        wallInches: list,
        doorOption: list,
        wallFeetL: list,
        wallInchesL: list,
        notOnPage: { type: 'string' },
      },
    },
    ui: {
      'ui:options': {
        sections: [
          { title: 'Colour', fields: ['frame', 'trim'] },
          { title: 'Contact', fields: ['contact'] },
          { title: 'Walls', fields: ['layout', 'wallFeet', 'wallFeetL'] },
        ],
      },
    },
    rules: {
      form: 'page',
      ...(missingOrder ? { missingOrder } : {}),
      rules: [
        { kind: 'required', forEach: 'wallFeetL', paths: ['wallFeetL.{i}', 'wallInchesL.{i}'] },
        { kind: 'required', forEach: 'wallFeet', path: 'wallFeet.{i}' },
        { kind: 'required', forEach: { count: { length: { var: 'wallFeet' } } }, path: 'wallInches.{i}' },
        { kind: 'required', path: 'contact.name' },
        { kind: 'required', path: 'notOnPage' },
        { kind: 'required', paths: ['layout', 'trim'] },
        { kind: 'required', forEach: 'wallFeet', path: 'doorOption.{i}' },
        { kind: 'required', path: 'frame' },
        { kind: 'validate', path: 'contact.email', pattern: '@', message: 'Invalid Email', listAsMissing: true },
        ...extraRules,
      ],
    },
  };
}

const start = { wallFeet: [null, null], wallFeetL: [null], contact: { email: 'nope' } };
const missingOf = (bundle: DefinitionBundle) =>
  createSession(compileDefinition(bundle), { start }).state.missing.map((m) => m.path);

describe('missing list order', () => {
  it('keeps the rule order by default', () => {
    expect(missingOf(makePage(undefined))).toEqual([
      'wallFeetL.0',
      'wallInchesL.0',
      'wallFeet.0',
      'wallFeet.1',
      'wallInches.0',
      'wallInches.1',
      'contact.name',
      'notOnPage',
      'layout',
      'trim',
      'doorOption.0',
      'doorOption.1',
      'frame',
      'contact.email',
    ]);
  });

  it('with "missingOrder": "page" follows the sections; a section\'s fields keep the rule order; walls come wall by wall after the section\'s other fields, groups in rule order', () => {
    expect(missingOf(makePage('page'))).toEqual([
      // Colour: trim's rule comes before frame's.
      'trim',
      'frame',
      // Contact, with the unplaced notOnPage right after the entry before it in rule order, and the validate entry.
      'contact.name',
      'notOnPage',
      'contact.email',
      // Walls: layout, then the group whose first rule comes first (the left wall), then wall 1 and wall 2 of the main group.
      'layout',
      'wallFeetL.0',
      'wallInchesL.0',
      'wallFeet.0',
      'wallInches.0',
      'doorOption.0',
      'wallFeet.1',
      'wallInches.1',
      'doorOption.1',
    ]);
  });

  it('uses the root ui:order when there are no sections, and the list follows edits', () => {
    const bundle = makePage('page');
    bundle.ui = { 'ui:order': ['frame', 'layout', 'trim', 'contact', '*'] };
    const session = createSession(compileDefinition(bundle), { start: { contact: { email: 'a@b' } } });
    expect(session.state.missing.map((m) => m.path)).toEqual(['frame', 'layout', 'trim', 'contact.name', 'notOnPage']);
    session.set('layout', '1');
    session.set('notOnPage', 'x');
    session.set('contact.name', 'Ann');
    expect(session.state.missing.map((m) => m.path)).toEqual(['frame', 'trim']);
  });
});
