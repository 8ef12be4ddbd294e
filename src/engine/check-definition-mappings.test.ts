import { describe, expect, it } from 'vitest';
import { checkDefinition, drawingPaths } from './check-definition';
import type { DefinitionBundle, RulesFile } from './types';

const drawing: RulesFile['drawing'] = {
  model: 'patioCover',
  title: 'Pergola',
  customer: ['personalInfo.lastName'],
  width: { feet: 'widthFeet', inches: 'widthInches' },
  length: { feet: 'lengthFeet', inches: 'lengthInchez' },
  attached: ['attachedOption'],
  modelName: ['operableOption'],
};

function bundleOf(rules: Partial<RulesFile>): DefinitionBundle {
  const field = { type: 'string' };
  return {
    form: 'mapped',
    schema: {
      type: 'object',
      properties: {
        personalInfo: { type: 'object', properties: { lastName: field } },
        widthFeet: field,
        widthInches: field,
        lengthFeet: field,
        lengthInches: field,
        attachedOption: field,
        operableOption: field,
        additionalInfo: { type: 'object', properties: { Line1: field } },
      },
    },
    ui: {},
    rules: { form: 'mapped', rules: [], ...rules },
  };
}

describe('orderLines and drawing paths', () => {
  it('lists the paths a drawing mapping names, not its titles', () => {
    expect(drawingPaths(drawing).map((entry) => entry.path)).toEqual([
      'personalInfo.lastName',
      'widthFeet',
      'widthInches',
      'lengthFeet',
      'lengthInchez',
      'attachedOption',
      'operableOption',
    ]);
  });

  it('reports every mapped path the schema does not have, where it is', () => {
    const problems = checkDefinition(
      bundleOf({
        drawing,
        orderLines: {
          notListed: ['selectedImages'],
          instructions: ['additionalInfo.Line1'],
          notOnBill: ['personalInfo'],
        },
      }),
    ).filter((problem) => problem.check === 'unknown-path');
    expect(problems.map((problem) => [problem.path, problem.reason])).toEqual([
      ['/orderLines/notListed/0', 'unknown path "selectedImages": the form\'s schema has no such field'],
      ['/drawing/length/inches', 'unknown path "lengthInchez": the form\'s schema has no such field'],
    ]);
  });
});
