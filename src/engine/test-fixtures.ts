/** A small definition used by the engine's unit tests (per-wall arrays, resets, forces, options, clamps). */
import type { DefinitionBundle, Rule } from './types';

/** A fresh bundle each call, so a test may break it without touching the others. */
export function makeWallsBundle(extraRules: Rule[] = []): DefinitionBundle {
  return {
    form: 'walls',
    schema: {
      type: 'object',
      properties: {
        roomStyle: { type: 'string', title: 'Room Style', enum: ['STUDIO', 'CATHEDRAL'] },
        cleatsOrBond: { type: 'string', title: 'Cleats or Bond', enum: ['CLEATS', 'BOND-TAPE'] },
        layout: { type: 'string', enum: ['1', '2', '3'] },
        wallLengthsFeet: { type: 'array', items: { type: 'integer' } },
        doorOption: { type: 'array', items: { type: 'string', enum: ['Yes', 'No'] } },
        doorWidth: { type: 'array', items: { type: 'string', enum: ["3' Door", "5' Patio Door", "6' Patio Door"] } },
        windLoad: { type: 'integer', title: 'Wind Load' },
        email: { type: 'string', title: 'Email' },
        chairRailFeet: { type: 'integer' },
        chairRailInches: { type: 'number' },
      },
    },
    ui: {},
    rules: {
      form: 'walls',
      labels: { 'wallLengthsFeet.{i}': 'Wall Length Feet {n}' },
      rules: [
        {
          kind: 'onChange',
          id: 'layout-resizes',
          of: 'layout',
          set: {
            wallLengthsFeet: {
              fill: [{ if: [{ '==': [{ var: '$value' }, '1'] }, 3, { '==': [{ var: '$value' }, '2'] }, 2, 1] }, null],
            },
          },
        },
        {
          kind: 'onChange',
          id: 'wall-too-long',
          of: 'wallLengthsFeet.{i}',
          when: { '>': [{ var: '$value' }, 75] },
          notice: { level: 'warning', message: 'Wall {n} is over 75 ft' },
        },
        { kind: 'onChange', id: 'door-resets-width', of: 'doorOption.{i}', reset: ['doorWidth.{i}'] },
        {
          kind: 'force',
          id: 'cathedral-bond',
          when: { '==': [{ var: 'roomStyle' }, 'CATHEDRAL'] },
          set: { cleatsOrBond: 'BOND-TAPE' },
        },
        {
          kind: 'force',
          id: 'short-wall-no-door',
          forEach: 'wallLengthsFeet',
          when: { and: [{ '!': { isEmpty: { item: 'wallLengthsFeet' } } }, { '<': [{ item: 'wallLengthsFeet' }, 4] }] },
          set: { 'doorOption.{i}': 'No', 'doorWidth.{i}': null },
        },
        {
          kind: 'options',
          id: 'door-widths-by-length',
          path: 'doorWidth.{i}',
          where: {
            or: [
              { '==': [{ var: '$option' }, "3' Door"] },
              { '>=': [{ item: 'wallLengthsFeet' }, { if: [{ '==': [{ var: '$option' }, "5' Patio Door"] }, 6, 7] }] },
            ],
          },
        },
        { kind: 'clamp', path: 'windLoad', min: 115, max: 200, step: 5, emptyBecomes: 115 },
        {
          kind: 'clamp',
          path: 'chairRailInches',
          min: 0,
          max: { if: [{ '>=': [{ var: 'chairRailFeet' }, 5] }, 0, 11.999] },
          on: 'set',
          decimals: 3,
        },
        { kind: 'disable', path: 'chairRailInches', when: { '>=': [{ var: 'chairRailFeet' }, 5] } },
        { kind: 'required', id: 'wall-lengths', forEach: 'wallLengthsFeet', path: 'wallLengthsFeet.{i}' },
        {
          kind: 'required',
          id: 'door-options',
          forEach: 'wallLengthsFeet',
          path: 'doorOption.{i}',
          label: 'Door Option {n}',
          when: { '>=': [{ item: 'wallLengthsFeet' }, 4] },
        },
        { kind: 'hide', path: 'cleatsOrBond', when: { '==': [{ var: 'roomStyle' }, 'STUDIO'] } },
        { kind: 'required', path: 'cleatsOrBond' },
        {
          kind: 'validate',
          path: 'email',
          test: { emailList: { var: '$value' } },
          message: 'Invalid Email',
          listAsMissing: true,
        },
        ...extraRules,
      ],
    },
  };
}
